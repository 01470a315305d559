import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALERT_MESSAGES,
  CHANNEL_MESSAGES,
  CONDITION_MESSAGES,
  METRIC_REQUIRED_MESSAGE,
  planRequiredMessage,
  type AlertRule,
  type AlertRuleBody,
  type CreatedNotificationChannel,
  type EquipmentSummary,
  type NotificationChannel,
  type NotificationDeliveriesList,
} from '@brezza/contract';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';
import {
  NORMAL_PCDU,
  alertsOf,
  eventually,
  gatewayWithPcdu,
  pushReading,
  setPlan,
  outboxMails,
  webhookReceiver,
} from './helpers/alerts.js';

/**
 * Rules an admin writes (issue 13): every condition kind, every scope, pending durations and
 * clear thresholds, through the real engine; channels routed by severity and scope; and the
 * plan gate, which stops evaluation and notification for an organisation without Argento.
 */
let t: TestApp;
let admin: Operator;
let agent: Record<string, string>;
let pcdu: EquipmentSummary;
let clock = Date.now();
const place: { datacenter: number; room: number; rack: number; otherRack: number } = {
  datacenter: 0,
  room: 0,
  rack: 0,
  otherRack: 0,
};

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: admin.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function created(url: string, payload: unknown): Promise<number> {
  const response = await call('POST', url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

async function push(values: Record<string, unknown>) {
  clock = Math.max(clock + 1000, Date.now());
  await pushReading(t.app, agent, pcdu.id, clock, values);
}

const rule = (body: AlertRuleBody) => created('/api/alert-rules', body);
const stateOf = async (name: string) =>
  (await alertsOf(t.app, admin)).alerts.find((a) => a.ruleName === name)?.state ?? 'normal';
const expectState = (name: string, state: string) =>
  eventually(async () => expect(await stateOf(name)).toBe(state), 15_000);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createOperator(t);
  await setPlan(t.app, admin.organisationId, 'argent');
  ({ headers: agent, pcdu } = await gatewayWithPcdu(t.app, admin));
  place.datacenter = await created('/api/datacenters', { name: 'Milan', location: 'Via Roma' });
  place.room = await created('/api/rooms', { name: 'Hall A', datacenterId: place.datacenter });
  place.rack = await created('/api/racks', { name: 'A01', roomId: place.room });
  place.otherRack = await created('/api/racks', { name: 'A02', roomId: place.room });
  const moved = await call('PUT', `/api/servers/${pcdu.id}`, { rackId: place.rack });
  expect(moved.statusCode, moved.body).toBe(200);
  // Only this file's rules: the default pack is covered by alerts.test.ts.
  const { rules } = (await call('GET', '/api/alert-rules')).json<{ rules: AlertRule[] }>();
  for (const existing of rules) {
    const { id, builtin: _b, updatedAt: _u, ...body } = existing;
    expect(
      (await call('PUT', `/api/alert-rules/${id}`, { ...body, enabled: false })).statusCode,
    ).toBe(200);
  }
  await push(NORMAL_PCDU);
});

afterAll(async () => {
  await t.close();
});

describe('alert rules', () => {
  it('validates a rule at the boundary, in the operator words the editor shows', async () => {
    const base: AlertRuleBody = {
      name: 'Inlet hot',
      severity: 'warning',
      scope: { kind: 'organisation' },
      metric: 'pcdu_water_inlet_temperature',
      condition: { kind: 'above', threshold: 30 },
      forSeconds: 0,
    };
    const refused = async (body: unknown) => (await call('POST', '/api/alert-rules', body)).json();
    expect(
      await refused({ ...base, condition: { kind: 'below', threshold: 10, clear: 5 } }),
    ).toEqual({ error: CONDITION_MESSAGES.clearBelow });
    expect(await refused({ ...base, condition: { kind: 'outside', low: 30, high: 10 } })).toEqual({
      error: CONDITION_MESSAGES.range,
    });
    expect(await refused({ ...base, metric: null })).toEqual({ error: METRIC_REQUIRED_MESSAGE });
    expect(await refused({ ...base, name: ' ' })).toEqual({ error: 'Name is required.' });
    expect(await refused({ ...base, scope: { kind: 'rack', id: 999_999 } })).toEqual({
      error: ALERT_MESSAGES.scopeNotFound,
    });
    expect((await call('DELETE', '/api/alert-rules/999999')).json()).toEqual({
      error: ALERT_MESSAGES.ruleNotFound,
    });
    const { rules } = (await call('GET', '/api/alert-rules')).json<{ rules: AlertRule[] }>();
    expect(rules.some((r) => r.name === 'Inlet hot')).toBe(false);
  });

  it('fires and clears every condition kind in every scope, after its pending duration', async () => {
    await rule({
      name: 'Inlet hot',
      severity: 'warning',
      scope: { kind: 'rack', id: place.rack },
      metric: 'pcdu_water_inlet_temperature',
      condition: { kind: 'above', threshold: 30, clear: 28 },
      forSeconds: 0,
    });
    await rule({
      name: 'Flow low',
      severity: 'critical',
      scope: { kind: 'room', id: place.room },
      metric: 'pcdu_wflow',
      condition: { kind: 'below', threshold: 50, clear: 60 },
      forSeconds: 2,
    });
    await rule({
      name: 'Supply out of range',
      severity: 'warning',
      scope: { kind: 'datacenter', id: place.datacenter },
      metric: 'pcdu_refrigerant_supply_temperature',
      condition: { kind: 'outside', low: 15, high: 30, hysteresis: 1 },
      forSeconds: 0,
    });
    await rule({
      name: 'PSU 2 failed',
      severity: 'critical',
      scope: { kind: 'device', id: pcdu.id },
      metric: 'pcdu_psu2',
      condition: { kind: 'equals', state: 'ERROR' },
      forSeconds: 0,
    });
    await rule({
      name: 'Other rack flow',
      severity: 'warning',
      scope: { kind: 'rack', id: place.otherRack },
      metric: 'pcdu_wflow',
      condition: { kind: 'above', threshold: 0 },
      forSeconds: 0,
    });
    await rule({
      name: 'Servers flow',
      severity: 'warning',
      scope: { kind: 'deviceType', deviceType: 'server' },
      metric: 'pcdu_wflow',
      condition: { kind: 'above', threshold: 0 },
      forSeconds: 0,
    });

    await push({
      ...NORMAL_PCDU,
      water_inlet_temperature: 31,
      wflow: 40,
      refrigerant_supply_temperature: 14,
      psu2: 'ERROR',
    });
    await expectState('Inlet hot', 'firing');
    await expectState('Supply out of range', 'firing');
    await expectState('PSU 2 failed', 'firing');
    // The pending duration: pending first, firing once 2 s have passed with the value still low.
    expect(['pending', 'firing']).toContain(await stateOf('Flow low'));
    await expectState('Flow low', 'firing');
    // Out of scope: another rack, another device type.
    expect(await stateOf('Other rack flow')).toBe('normal');
    expect(await stateOf('Servers flow')).toBe('normal');

    // Between the threshold and the clear threshold nothing moves (hysteresis).
    await push({
      ...NORMAL_PCDU,
      water_inlet_temperature: 29,
      wflow: 55,
      refrigerant_supply_temperature: 15.5,
      psu2: 'ERROR',
    });
    await push({ ...NORMAL_PCDU, water_inlet_temperature: 29, wflow: 55, psu2: 'OK' });
    await expectState('PSU 2 failed', 'normal');
    expect(await stateOf('Inlet hot')).toBe('firing');
    expect(await stateOf('Flow low')).toBe('firing');
    await expectState('Supply out of range', 'normal');

    await push({ ...NORMAL_PCDU, water_inlet_temperature: 27, wflow: 61 });
    await expectState('Inlet hot', 'normal');
    await expectState('Flow low', 'normal');
    const history = (await alertsOf(t.app, admin)).history;
    const changes = (name: string) =>
      history
        .filter((e) => e.ruleName === name)
        .map((e) => e.transition)
        .reverse();
    expect(changes('Flow low')).toEqual(['pending', 'firing', 'resolved']);
    expect(changes('Inlet hot')).toEqual(['firing', 'resolved']);
  });

  it('fires a no-data rule when a device stops reporting, and resolves on its next report', async () => {
    await rule({
      name: 'pCDU silent',
      severity: 'critical',
      scope: { kind: 'deviceType', deviceType: 'pcdu' },
      metric: null,
      condition: { kind: 'absent', seconds: 5 },
      forSeconds: 0,
    });
    await push(NORMAL_PCDU);
    await expectState('pCDU silent', 'firing');
    const alert = (await alertsOf(t.app, admin)).alerts.find((a) => a.ruleName === 'pCDU silent');
    expect(alert?.value).toMatch(/^\d+ s$/);
    await push(NORMAL_PCDU);
    await expectState('pCDU silent', 'normal');
    const { rules } = (await call('GET', '/api/alert-rules')).json<{ rules: AlertRule[] }>();
    const silent = rules.find((r) => r.name === 'pCDU silent')!;
    expect((await call('DELETE', `/api/alert-rules/${silent.id}`)).statusCode).toBe(204);
  });

  it('routes notifications by severity and scope; channels are edited but keep their kind', async () => {
    const hook = await webhookReceiver();
    try {
      const critical = (
        await call('POST', '/api/notification-channels', {
          name: 'Rack A01 on call',
          kind: 'webhook',
          target: hook.url,
          minSeverity: 'critical',
          scope: { kind: 'rack', id: place.rack },
        })
      ).json<CreatedNotificationChannel>();
      expect(critical.secret).toMatch(/^[0-9a-f]{64}$/);
      const elsewhere = await created('/api/notification-channels', {
        name: 'Rack A02 team',
        kind: 'email',
        target: 'a02@example.com',
        scope: { kind: 'rack', id: place.otherRack },
      });
      const team = await created('/api/notification-channels', {
        name: 'Hall team',
        kind: 'email',
        target: 'hall@example.com',
      });
      // Editing: more addresses, a narrower scope; the list no longer shows a secret.
      const edited = await call('PUT', `/api/notification-channels/${team}`, {
        name: 'Hall team',
        kind: 'email',
        target: 'hall@example.com, night@example.com',
        minSeverity: 'warning',
        scope: { kind: 'room', id: place.room },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<NotificationChannel>()).toMatchObject({
        target: 'hall@example.com, night@example.com',
        scope: { kind: 'room', id: place.room },
      });
      expect(edited.json()).not.toHaveProperty('secret');
      const kind = await call('PUT', `/api/notification-channels/${team}`, {
        name: 'Hall team',
        kind: 'webhook',
        target: hook.url,
      });
      expect(kind.json()).toEqual({ error: CHANNEL_MESSAGES.kindFixed });
      const badMail = await call('PUT', `/api/notification-channels/${team}`, {
        name: 'Hall team',
        kind: 'email',
        target: 'hall@example.com, nobody',
      });
      expect(badMail.json()).toEqual({ error: CHANNEL_MESSAGES.email });
      expect(
        (await call('PUT', '/api/notification-channels/999999', edited.json())).json(),
      ).toEqual({ error: ALERT_MESSAGES.channelNotFound });

      // A warning (Inlet hot) reaches the hall's mail only; a critical (PSU 2) reaches both.
      await push({ ...NORMAL_PCDU, water_inlet_temperature: 32 });
      await expectState('Inlet hot', 'firing');
      await push({ ...NORMAL_PCDU, water_inlet_temperature: 32, psu2: 'ERROR' });
      await expectState('PSU 2 failed', 'firing');
      const sent = await eventually(async () => {
        const { deliveries } = (
          await call('GET', '/api/notification-channels/deliveries')
        ).json<NotificationDeliveriesList>();
        const now = deliveries.filter((d) => d.status === 'sent');
        expect(now).toHaveLength(3);
        return now;
      });
      expect(sent.map((d) => `${d.channelName}: ${d.ruleName}`).sort()).toEqual([
        'Hall team: Inlet hot',
        'Hall team: PSU 2 failed',
        'Rack A01 on call: PSU 2 failed',
      ]);
      expect(sent.some((d) => d.channelId === elsewhere)).toBe(false);
      expect(hook.received).toHaveLength(1);
      expect(hook.valid(critical.secret!, hook.received[0]!)).toBe(true);
      const mail = outboxMails(t.config.dataDir).find((m) => m.includes('PSU 2 failed'))!;
      expect(mail).toMatch(/To: hall@example.com, night@example.com/);
      await push({ ...NORMAL_PCDU, water_inlet_temperature: 20 });
      await expectState('Inlet hot', 'normal');
      await expectState('PSU 2 failed', 'normal');
    } finally {
      await hook.close();
    }
  });

  it('says why a webhook could not be reached, and retries it', async () => {
    // A port that was just free: nothing listens there.
    const closed = await webhookReceiver();
    await closed.close();
    const unreachable = await created('/api/notification-channels', {
      name: 'Nobody listens',
      kind: 'webhook',
      target: closed.url,
      scope: { kind: 'device', id: pcdu.id },
    });
    await push({ ...NORMAL_PCDU, psu2: 'ERROR' });
    const delivery = await eventually(async () => {
      const { deliveries } = (
        await call('GET', '/api/notification-channels/deliveries')
      ).json<NotificationDeliveriesList>();
      const found = deliveries.find((d) => d.channelId === unreachable && d.attempts > 0);
      expect(found).toBeDefined();
      return found!;
    });
    expect(delivery).toMatchObject({
      status: 'pending',
      lastError: 'The webhook could not be reached (ECONNREFUSED).',
    });
    expect((await call('DELETE', `/api/notification-channels/${unreachable}`)).statusCode).toBe(
      204,
    );
    await push(NORMAL_PCDU);
    await expectState('PSU 2 failed', 'normal');
  });

  it('neither evaluates nor notifies for an organisation whose plan lacks alerts', async () => {
    const hook = await webhookReceiver();
    try {
      hook.answer(503);
      await created('/api/notification-channels', {
        name: 'Failing hook',
        kind: 'webhook',
        target: hook.url,
      });
      await push({ ...NORMAL_PCDU, psu2: 'ERROR' });
      await expectState('PSU 2 failed', 'firing');
      const { db } = t.app.database;
      const hookDelivery = () =>
        db
          .selectFrom('notification_deliveries as d')
          .innerJoin('notification_channels as c', 'c.id', 'd.channel_id')
          .select(['d.status', 'd.attempts', 'd.last_error'])
          .where('c.name', '=', 'Failing hook')
          .executeTakeFirst();
      await eventually(async () => expect((await hookDelivery())?.attempts).toBe(1));

      // The plan lapses: the retry is recorded as not sent, with the reason, and never sent.
      await setPlan(t.app, admin.organisationId, 'none');
      expect((await call('GET', '/api/alerts')).json()).toEqual({
        error: planRequiredMessage('alerts'),
      });
      const failed = await eventually(async () => {
        const row = await hookDelivery();
        expect(row?.status).toBe('failed');
        return row!;
      }, 15_000);
      expect(failed).toMatchObject({ attempts: 1, last_error: planRequiredMessage('alerts') });
      expect(hook.received).toHaveLength(1);

      // Another organisation without a plan: its samples make no alert state at all.
      const other = await createOperator(t);
      const unit = await gatewayWithPcdu(t.app, other);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/agent/equipment/readings',
        headers: unit.headers,
        payload: {
          readings: [
            {
              equipmentId: unit.pcdu.id,
              timestampMs: Date.now(),
              values: { ...NORMAL_PCDU, waterleak: true },
            },
          ],
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      // Two engine ticks: a leak in a planned organisation would have fired by now.
      await new Promise((resolve) => setTimeout(resolve, 4_500));
      const states = await db
        .selectFrom('alert_states')
        .select('id')
        .where('organisation_id', '=', other.organisationId)
        .execute();
      expect(states).toEqual([]);
      expect(
        await db
          .selectFrom('alert_rules')
          .select('id')
          .where('organisation_id', '=', other.organisationId)
          .execute(),
      ).toEqual([]);
    } finally {
      await setPlan(t.app, admin.organisationId, 'argent');
      await hook.close();
    }
  });
});
