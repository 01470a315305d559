import { z } from 'zod';
import { ID_MAX } from './devices.js';
import { DEVICE_TYPES } from './equipment.js';

/**
 * Alerts (issue 13): rules on stored metrics and device states, their states per device and
 * series, notifications on firing and resolved, silences and acknowledgements.
 *
 * A rule's metric is the metrics store's name (`pcdu_wflow`, `temperature_celsius`); pCDU and PDU
 * state words (`psu1` = `ERROR`) are named the same way (`pcdu_psu1`), read from the unit's
 * latest values.
 */

export const ALERT_RULES_PATH = '/api/alert-rules';
export const ALERT_RULES_EXPORT_PATH = '/api/alert-rules/export';
export const ALERTS_PATH = '/api/alerts';
export const SILENCES_PATH = '/api/silences';
export const NOTIFICATION_CHANNELS_PATH = '/api/notification-channels';
export const NOTIFICATION_DELIVERIES_PATH = '/api/notification-channels/deliveries';
export const alertRulePath = (id: number) => `${ALERT_RULES_PATH}/${id}`;
export const alertAcknowledgePath = (id: number) => `${ALERTS_PATH}/${id}/acknowledge`;
export const silencePath = (id: number) => `${SILENCES_PATH}/${id}`;
export const notificationChannelPath = (id: number) => `${NOTIFICATION_CHANNELS_PATH}/${id}`;
/** POST: sends a failed or waiting notification again now (operator). */
export const notificationDeliveryRetryPath = (id: number) =>
  `${NOTIFICATION_DELIVERIES_PATH}/${id}/retry`;

/** The header a webhook's signature travels in: `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-brezza-signature';
/** Every notification is attempted at most this often before it is marked failed. */
export const NOTIFICATION_MAX_ATTEMPTS = 8;

export const SEVERITIES = ['warning', 'critical'] as const;
export const severitySchema = z.enum(SEVERITIES, {
  error: 'Severity must be warning or critical.',
});
export type Severity = z.infer<typeof severitySchema>;

/** Where a rule, silence or channel applies. `organisation` needs no id. */
export const SCOPE_KINDS = [
  'organisation',
  'datacenter',
  'room',
  'rack',
  'device',
  'deviceType',
] as const;
export const scopeSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('organisation') }),
    z.object({ kind: z.literal('datacenter'), id: z.number().int().positive().max(ID_MAX) }),
    z.object({ kind: z.literal('room'), id: z.number().int().positive().max(ID_MAX) }),
    z.object({ kind: z.literal('rack'), id: z.number().int().positive().max(ID_MAX) }),
    z.object({ kind: z.literal('device'), id: z.number().int().positive().max(ID_MAX) }),
    z.object({ kind: z.literal('deviceType'), deviceType: z.enum(DEVICE_TYPES) }),
  ],
  { error: 'Scope must be organisation, datacenter, room, rack, device or deviceType.' },
);
export type Scope = z.infer<typeof scopeSchema>;

export const CONDITION_MESSAGES = {
  clearAbove: 'The clear threshold of an "above" rule must be at or below its threshold.',
  clearBelow: 'The clear threshold of a "below" rule must be at or above its threshold.',
  range: 'The low limit must be below the high limit.',
} as const;

const finite = z.number().finite();
/**
 * What makes a series breach. `clear` (hysteresis): once pending or firing, the alert stays until
 * the value is back past `clear` rather than just past the threshold, so a value hovering at the
 * threshold does not flap. `absent`: no sample from the device for `seconds`.
 */
export const conditionSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('above'), threshold: finite, clear: finite.optional() }),
      z.object({ kind: z.literal('below'), threshold: finite, clear: finite.optional() }),
      z.object({
        kind: z.literal('outside'),
        low: finite,
        high: finite,
        /** How far back inside the range a value must come to clear. */
        hysteresis: z.number().finite().min(0).optional(),
      }),
      z.object({ kind: z.literal('equals'), state: z.string().min(1).max(64) }),
      z.object({ kind: z.literal('absent'), seconds: z.number().int().min(5).max(86_400) }),
    ],
    { error: 'Condition must be above, below, outside, equals or absent.' },
  )
  .superRefine((c, ctx) => {
    if (c.kind === 'above' && c.clear !== undefined && c.clear > c.threshold)
      ctx.addIssue({ code: 'custom', message: CONDITION_MESSAGES.clearAbove });
    if (c.kind === 'below' && c.clear !== undefined && c.clear < c.threshold)
      ctx.addIssue({ code: 'custom', message: CONDITION_MESSAGES.clearBelow });
    if (c.kind === 'outside' && !(c.low < c.high))
      ctx.addIssue({ code: 'custom', message: CONDITION_MESSAGES.range });
  });
export type Condition = z.infer<typeof conditionSchema>;

export const alertRuleBodySchema = z.object({
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(120, 'Name must be at most 120 characters.'),
  enabled: z.boolean().default(true),
  severity: severitySchema,
  scope: scopeSchema,
  /** Not needed by `absent` rules, which watch the device's last report. */
  metric: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,99}$/, 'Metric must be a metric name such as pcdu_wflow.')
    .nullable()
    .default(null),
  condition: conditionSchema,
  /** How long the condition must hold before the alert fires (0: at once). */
  forSeconds: z.number().int().min(0, 'Pending duration must be 0 or more seconds.').max(86_400),
  description: z.string().max(500).default(''),
});
export type AlertRuleBody = z.input<typeof alertRuleBodySchema>;
export const METRIC_REQUIRED_MESSAGE = 'A metric is required unless the condition is "absent".';

export const alertRuleSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  enabled: z.boolean(),
  severity: severitySchema,
  scope: scopeSchema,
  metric: z.string().nullable(),
  condition: conditionSchema,
  forSeconds: z.number().int(),
  description: z.string(),
  /** Which default-pack rule this started as (null: the organisation's own). */
  builtin: z.string().nullable(),
  updatedAt: z.string(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;
export const alertRulesListSchema = z.object({ rules: z.array(alertRuleSchema) });
export type AlertRulesList = z.infer<typeof alertRulesListSchema>;

export const ALERT_STATES = ['normal', 'pending', 'firing', 'nodata'] as const;
export type AlertStateName = (typeof ALERT_STATES)[number];
/** What an alert's history records; `resolved` is firing → normal. */
export const ALERT_TRANSITIONS = ['pending', 'firing', 'resolved', 'cancelled', 'nodata'] as const;
export type AlertTransition = (typeof ALERT_TRANSITIONS)[number];

export const alertSchema = z.object({
  id: z.number().int().positive(),
  ruleId: z.number().int().positive(),
  ruleName: z.string(),
  severity: severitySchema,
  deviceId: z.number().int().positive(),
  deviceName: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
  /** The series' labels (`{"mountpoint":"/"}`), empty for a device-wide value. */
  labels: z.record(z.string(), z.string()),
  state: z.enum(ALERT_STATES),
  since: z.string(),
  /** The value that last moved the state (null for `absent`). */
  value: z.string().nullable(),
  /** The unit of the rule's metric (`°C`, `L/min`; see `metricUnit`), '' when it has none. */
  unit: z.string(),
  silenced: z.boolean(),
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertEventSchema = z.object({
  id: z.number().int().positive(),
  alertId: z.number().int().positive(),
  ruleName: z.string(),
  severity: severitySchema,
  deviceId: z.number().int().positive(),
  deviceName: z.string(),
  transition: z.enum(ALERT_TRANSITIONS),
  value: z.string().nullable(),
  unit: z.string(),
  silenced: z.boolean(),
  at: z.string(),
});
export type AlertEvent = z.infer<typeof alertEventSchema>;

/** `GET /api/alerts`: every alert not normal, and the latest history. */
export const alertsListSchema = z.object({
  alerts: z.array(alertSchema),
  history: z.array(alertEventSchema),
});
export type AlertsList = z.infer<typeof alertsListSchema>;

export const alertsQuerySchema = z.object({
  severity: severitySchema.optional(),
  /** Only alerts of devices under this node: `datacenter:3`, `room:5`, `rack:7`, `device:9`. */
  scope: z
    .string()
    .regex(
      /^(datacenter|room|rack|device):[1-9][0-9]{0,9}$/,
      'Scope must look like datacenter:3, room:5, rack:7 or device:9.',
    )
    .optional(),
});
export type AlertsQuery = z.infer<typeof alertsQuerySchema>;

export const SILENCE_MESSAGES = {
  startFormat: 'Start must be an ISO time.',
  endFormat: 'End must be an ISO time.',
  endBeforeStart: 'The silence must end after it starts.',
  /** Checked by the server against its clock (a silence over already is no maintenance window). */
  endPassed: 'The silence must end in the future.',
} as const;

export const silenceBodySchema = z
  .object({
    scope: scopeSchema,
    /** Only this rule's alerts (null: every rule). */
    ruleId: z.number().int().positive().max(ID_MAX).nullable().default(null),
    /** Only this severity (null: both). */
    severity: severitySchema.nullable().default(null),
    /** A silence may start later: a maintenance window planned ahead. */
    startsAt: z.iso.datetime({ message: SILENCE_MESSAGES.startFormat }),
    endsAt: z.iso.datetime({ message: SILENCE_MESSAGES.endFormat }),
    comment: z
      .string({ error: 'A comment is required.' })
      .trim()
      .min(1, 'A comment is required: say why the alerts are silenced.')
      .max(500),
  })
  .refine((s) => Date.parse(s.endsAt) > Date.parse(s.startsAt), {
    message: SILENCE_MESSAGES.endBeforeStart,
  });
export type SilenceBody = z.input<typeof silenceBodySchema>;

export const silenceSchema = z.object({
  id: z.number().int().positive(),
  scope: scopeSchema,
  ruleId: z.number().int().nullable(),
  severity: severitySchema.nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  author: z.string(),
  comment: z.string(),
  createdAt: z.string(),
});
export type Silence = z.infer<typeof silenceSchema>;
export const silencesListSchema = z.object({ silences: z.array(silenceSchema) });
export type SilencesList = z.infer<typeof silencesListSchema>;

export const CHANNEL_KINDS = ['email', 'webhook'] as const;
export const CHANNEL_MESSAGES = {
  email: 'Target must be e-mail addresses separated by commas, such as ops@example.com.',
  webhook: 'Target must be an http:// or https:// URL.',
  kindFixed: "A channel's kind cannot change: add a new channel instead.",
} as const;
const EMAIL_ADDRESS = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;
/** An e-mail channel's addresses, as typed (`a@x.com, b@x.com`). */
export const emailAddresses = (target: string): string[] =>
  target
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address.length > 0);
export const notificationChannelBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required.').max(120),
    kind: z.enum(CHANNEL_KINDS, { error: 'Kind must be email or webhook.' }),
    /** E-mail addresses separated by commas, or an http(s) URL for a webhook. */
    target: z.string().trim().min(1, 'Target is required.').max(500),
    /** The least severe alert it receives. */
    minSeverity: severitySchema.default('warning'),
    scope: scopeSchema.default({ kind: 'organisation' }),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'email') {
      const addresses = emailAddresses(c.target);
      if (addresses.length === 0 || !addresses.every((a) => EMAIL_ADDRESS.test(a)))
        ctx.addIssue({ code: 'custom', message: CHANNEL_MESSAGES.email, path: ['target'] });
    }
    if (c.kind === 'webhook' && !/^https?:\/\/[^\s]+$/.test(c.target))
      ctx.addIssue({ code: 'custom', message: CHANNEL_MESSAGES.webhook, path: ['target'] });
  });
export type NotificationChannelBody = z.input<typeof notificationChannelBodySchema>;

export const notificationChannelSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  target: z.string(),
  minSeverity: severitySchema,
  scope: scopeSchema,
  createdAt: z.string(),
});
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;
/** The answer to creating a webhook channel: its signing secret, shown this once. */
export const createdNotificationChannelSchema = notificationChannelSchema.extend({
  secret: z.string().nullable(),
});
export type CreatedNotificationChannel = z.infer<typeof createdNotificationChannelSchema>;
export const notificationChannelsListSchema = z.object({
  channels: z.array(notificationChannelSchema),
});
export type NotificationChannelsList = z.infer<typeof notificationChannelsListSchema>;

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export const notificationDeliverySchema = z.object({
  id: z.number().int().positive(),
  channelId: z.number().int().positive(),
  channelName: z.string(),
  eventId: z.number().int().positive(),
  ruleName: z.string(),
  transition: z.enum(ALERT_TRANSITIONS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationDelivery = z.infer<typeof notificationDeliverySchema>;
export const notificationDeliveriesListSchema = z.object({
  deliveries: z.array(notificationDeliverySchema),
});
export type NotificationDeliveriesList = z.infer<typeof notificationDeliveriesListSchema>;

/** The body a webhook receives (and signs). */
export interface AlertWebhookPayload {
  transition: 'firing' | 'resolved';
  alert: { id: number; rule: string; severity: Severity; device: string; deviceId: number };
  value: string | null;
  /** The value's unit ('°C', 'L/min'), '' when it has none. */
  unit: string;
  at: string;
}

/**
 * An alert's value as operators read it, with its unit: `101.7 °C`, `12 L/min`, `ERROR`; a
 * ratio (0–1) as a percentage. `—` when there is none.
 */
export function alertValueText(value: string | null, unit: string): string {
  if (value === null) return '—';
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || unit === '') return value;
  // A no-break space: the unit never wraps away from its number.
  if (unit === 'ratio') return `${Math.round(number * 1000) / 10}\u00a0%`;
  return `${value}\u00a0${unit}`;
}

export const ALERT_MESSAGES = {
  ruleNotFound: 'Alert rule not found.',
  alertNotFound: 'Alert not found.',
  silenceNotFound: 'Silence not found.',
  channelNotFound: 'Notification channel not found.',
  scopeNotFound: "The scope's datacenter, room, rack or device is not in your organisation.",
  exportFormat: 'Format must be prometheus.',
  notFiring: 'Only a pending, firing or no-data alert can be acknowledged.',
  deliveryNotFound: 'Notification delivery not found.',
  deliverySent: 'This notification was already sent: only a failed or waiting one can be retried.',
  deliverySending: 'This notification is being sent right now: look again in a few seconds.',
} as const;

/** `GET /api/alert-rules/export?format=prometheus`: the rules as a Prometheus rule file. */
export const alertRulesExportQuerySchema = z.object({
  format: z.enum(['prometheus'], { error: ALERT_MESSAGES.exportFormat }).default('prometheus'),
});

export const SEVERITY_LABELS: Record<Severity, string> = {
  warning: 'Warning',
  critical: 'Critical',
};

/** A scope as people read it. */
export function describeScope(scope: Scope, names?: (kind: string, id: number) => string): string {
  switch (scope.kind) {
    case 'organisation':
      return 'Whole organisation';
    case 'deviceType':
      return `Every ${scope.deviceType === 'server' ? 'server' : scope.deviceType === 'pcdu' ? 'pCDU' : 'PDU'}`;
    default:
      return names ? names(scope.kind, scope.id) : `${scope.kind} ${scope.id}`;
  }
}

/** A condition as the rules page writes it: `> 30 (clears < 28)`. */
export function describeCondition(metric: string | null, c: Condition): string {
  const m = metric ?? '';
  switch (c.kind) {
    case 'above':
      return `${m} > ${c.threshold}${c.clear !== undefined ? ` (clears below ${c.clear})` : ''}`;
    case 'below':
      return `${m} < ${c.threshold}${c.clear !== undefined ? ` (clears above ${c.clear})` : ''}`;
    case 'outside':
      return `${m} outside ${c.low}–${c.high}${c.hysteresis ? ` (hysteresis ${c.hysteresis})` : ''}`;
    case 'equals':
      return `${m} = ${c.state}`;
    case 'absent':
      return `no data for ${c.seconds} s`;
  }
}

/** A device's or node's health from its alerts: red (critical firing), yellow, green. */
export type AlertHealthColour = 'green' | 'yellow' | 'red';
export interface AlertHealth {
  colour: AlertHealthColour;
  /** The rule that set the colour (null when green), e.g. `pCDU water leak on pCDU-1`. */
  reason: string | null;
}
export const HEALTHY: AlertHealth = { colour: 'green', reason: null };
const HEALTH_RANK: Record<AlertHealthColour, number> = { green: 0, yellow: 1, red: 2 };

/** The worst of several healths (a node's children): the first worst one's reason wins. */
export function worstHealth(healths: Iterable<AlertHealth>): AlertHealth {
  let worst = HEALTHY;
  for (const health of healths)
    if (HEALTH_RANK[health.colour] > HEALTH_RANK[worst.colour]) worst = health;
  return worst;
}

/**
 * Each device's health from the alerts list: a firing critical alert is red; a firing warning or
 * no data is yellow. Silenced alerts still colour (a silence stops notifications, not the state);
 * pending ones do not yet.
 */
export function deviceHealth(alerts: readonly Alert[]): Map<number, AlertHealth> {
  const byDevice = new Map<number, AlertHealth>();
  for (const alert of alerts) {
    if (alert.state === 'pending' || alert.state === 'normal') continue;
    const health: AlertHealth = {
      colour: alert.state === 'firing' && alert.severity === 'critical' ? 'red' : 'yellow',
      reason: `${alert.state === 'nodata' ? 'No data: ' : ''}${alert.ruleName} on ${alert.deviceName}`,
    };
    byDevice.set(alert.deviceId, worstHealth([byDevice.get(alert.deviceId) ?? HEALTHY, health]));
  }
  return byDevice;
}
