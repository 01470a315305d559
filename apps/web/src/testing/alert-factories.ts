import type { Alert, NotificationDelivery, Silence } from '@brezza/contract';

let sequence = 0;
const next = () => (sequence += 1);

/** A firing critical alert on a pCDU. */
export function buildAlert(overrides: Partial<Alert> = {}): Alert {
  const id = overrides.id ?? next();
  return {
    id,
    ruleId: 1,
    ruleName: 'pCDU water leak',
    severity: 'critical',
    deviceId: 7,
    deviceName: 'pCDU Hall A',
    deviceType: 'pcdu',
    labels: {},
    state: 'firing',
    since: '2026-11-23T10:00:00.000Z',
    value: '1',
    unit: '',
    silenced: false,
    acknowledgedBy: null,
    acknowledgedAt: null,
    ...overrides,
  };
}

/** A notification sent at the first attempt. */
export function buildDelivery(overrides: Partial<NotificationDelivery> = {}): NotificationDelivery {
  const id = overrides.id ?? next();
  return {
    id,
    channelId: 1,
    channelName: 'Pager bridge',
    eventId: id,
    ruleName: 'pCDU water leak',
    transition: 'firing',
    status: 'sent',
    attempts: 1,
    lastError: null,
    nextAttemptAt: null,
    deliveredAt: '2026-11-23T10:00:01.000Z',
    createdAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

/** What POST /api/silences answers for a body. */
export function buildSilence(overrides: Partial<Silence> = {}): Silence {
  return {
    id: overrides.id ?? next(),
    scope: { kind: 'organisation' },
    ruleId: null,
    severity: null,
    startsAt: '2026-11-23T10:00:00.000Z',
    endsAt: '2026-11-23T11:00:00.000Z',
    author: 'Dana Operator',
    comment: 'Maintenance',
    createdAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}
