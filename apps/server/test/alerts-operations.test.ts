import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ALERT_MESSAGES,
  NOTIFICATION_MAX_ATTEMPTS,
  SILENCE_MESSAGES,
  type AlertRuleBody,
  type EquipmentSummary,
  type NotificationDeliveriesList,
  type NotificationDelivery,
  type Silence,
  type SilencesList,
} from '@brezza/contract';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, createViewer, type Operator } from './helpers/auth.js';
import {
  NORMAL_PCDU,
  alertsOf,
  eventually,
  gatewayWithPcdu,
  pushReading,
  setPlan,
  webhookReceiver,
} from './helpers/alerts.js';

/**
 * What an operator relies on between the rules and the pager (issue 13): an alert evaluated on
 * the sample that crosses, not on a later tick; silences planned for a maintenance window; and a
 * notification sent again on request, never twice at once.
 *
 * The app's periodic timers are held for this whole file (setInterval is faked and never
 * advanced): the engine's tick and the delivery queue's polling never run, so whatever fires
 * or is sent here was set off by a sample or a request.
 */
let t: TestApp;
let admin: Operator;
let viewer: Operator;
let agent: Record<string, string>;
let pcdu: EquipmentSummary;
let hook: Awaited<ReturnType<typeof webhookReceiver>>;
// Sample times well behind the clock: a transition a tick produced would carry the tick's time.
let sampleMs = Date.now() - 60_000;

async function push(values: Record<string, unknown>): Promise<number> {
  sampleMs += 1000;
  await pushReading(t.app, agent, pcdu.id, sampleMs, values);
  return sampleMs;
}

const silence = (who: Operator, window: { startsAt: string; endsAt: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/silences',
    headers: who.headers,
    payload: { scope: { kind: 'device', id: pcdu.id }, ...window, comment: 'Pump swap' },
  });

const retry = (who: Operator, id: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/notification-channels/deliveries/${id}/retry`,
    headers: who.headers,
  });

const delivery = async (id: number): Promise<NotificationDelivery> =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/notification-channels/deliveries',
      headers: admin.headers,
    })
  )
    .json<NotificationDeliveriesList>()
    .deliveries.find((d) => d.id === id)!;

const newestDelivery = async (): Promise<NotificationDelivery | undefined> =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/notification-channels/deliveries',
      headers: admin.headers,
    })
  ).json<NotificationDeliveriesList>().deliveries[0];

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  t = await buildTestApp();
  admin = await createOperator(t);
  await setPlan(t.app, admin.organisationId, 'argent');
  viewer = await createViewer(t, admin);
  ({ headers: agent, pcdu } = await gatewayWithPcdu(t.app, admin));
  hook = await webhookReceiver();
  const rule: AlertRuleBody = {
    name: 'Loop flow low',
    severity: 'warning',
    scope: { kind: 'device', id: pcdu.id },
    metric: 'pcdu_wflow',
    condition: { kind: 'below', threshold: 50 },
    forSeconds: 0,
  };
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/alert-rules',
    headers: admin.headers,
    payload: rule,
  });
  expect(created.statusCode, created.body).toBe(201);
  await push(NORMAL_PCDU);
});

afterAll(async () => {
  await t.close();
  await hook.close();
  vi.useRealTimers();
});

describe('alert operations', () => {
  it('records the firing transition from the crossing sample itself, without any tick', async () => {
    const crossing = await push({ ...NORMAL_PCDU, wflow: 20, waterleak: true });
    const at = new Date(crossing).toISOString();
    // Evaluation follows the stored sample's publication; the poll only waits for it to commit.
    const list = await eventually(async () => {
      const current = await alertsOf(t.app, admin);
      const names = ['pCDU water leak', 'Loop flow low'];
      for (const name of names)
        expect(current.alerts.find((a) => a.ruleName === name)?.state).toBe('firing');
      return current;
    });
    for (const name of ['pCDU water leak', 'Loop flow low']) {
      const alert = list.alerts.find((a) => a.ruleName === name)!;
      expect(alert.since).toBe(at);
      const events = list.history.filter((e) => e.alertId === alert.id);
      // Zero pending duration: straight to firing, stamped with the sample's own time.
      expect(events.map((e) => [e.transition, e.at])).toEqual([['firing', at]]);
    }
  });

  it('takes a silence for a window ahead and refuses one that is over or ends first', async () => {
    const hour = 3_600_000;
    const iso = (ms: number) => new Date(ms).toISOString();
    const inverted = await silence(admin, {
      startsAt: iso(Date.now() + 2 * hour),
      endsAt: iso(Date.now() + hour),
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json()).toEqual({ error: SILENCE_MESSAGES.endBeforeStart });
    const over = await silence(admin, {
      startsAt: iso(Date.now() - 2 * hour),
      endsAt: iso(Date.now() - hour),
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ error: SILENCE_MESSAGES.endPassed });
    const notIso = await silence(admin, { startsAt: 'tomorrow', endsAt: iso(Date.now() + hour) });
    expect(notIso.json()).toEqual({ error: SILENCE_MESSAGES.startFormat });
    expect(
      (await silence(viewer, { startsAt: iso(Date.now()), endsAt: iso(Date.now() + hour) }))
        .statusCode,
    ).toBe(403);

    const window = { startsAt: iso(Date.now() + hour), endsAt: iso(Date.now() + 3 * hour) };
    const planned = await silence(admin, window);
    expect(planned.statusCode, planned.body).toBe(201);
    expect(planned.json<Silence>()).toMatchObject(window);
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/silences', headers: viewer.headers })
    ).json<SilencesList>().silences;
    expect(listed.map((s) => s.id)).toContain(planned.json<Silence>().id);
    // Not started yet: the firing leak is not silenced now.
    const leak = (await alertsOf(t.app, admin)).alerts.find(
      (a) => a.ruleName === 'pCDU water leak',
    );
    expect(leak?.silenced).toBe(false);
  });

  it('sends a waiting notification again on request, once, never twice at once', async () => {
    const channel = await t.app.inject({
      method: 'POST',
      url: '/api/notification-channels',
      headers: admin.headers,
      payload: { name: 'Pager', kind: 'webhook', target: hook.url, minSeverity: 'critical' },
    });
    expect(channel.statusCode, channel.body).toBe(201);
    hook.answer(503);
    await push(NORMAL_PCDU);
    const waiting = await eventually(async () => {
      const newest = await newestDelivery();
      expect(newest).toMatchObject({ transition: 'resolved', status: 'pending', attempts: 1 });
      return newest!;
    });
    expect(waiting.lastError).toBe('The webhook answered HTTP 503.');
    expect(hook.received).toHaveLength(1);

    expect((await retry(viewer, waiting.id)).statusCode).toBe(403);
    const missing = await retry(admin, waiting.id + 1000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: ALERT_MESSAGES.deliveryNotFound });

    // The receiver holds its answer: the delivery stays claimed while it is being sent.
    hook.answer(200);
    const release = hook.hold();
    const answers = await Promise.all([1, 2, 3].map(() => retry(admin, waiting.id)));
    for (const answer of answers) {
      if (answer.statusCode === 409)
        expect(answer.json()).toEqual({ error: ALERT_MESSAGES.deliverySending });
      else expect(answer.statusCode, answer.body).toBe(200);
    }
    const requeued = answers.find((answer) => answer.statusCode === 200);
    expect(requeued?.json<NotificationDelivery>()).toMatchObject({ id: waiting.id });
    await eventually(async () => expect(hook.received).toHaveLength(2));
    const during = await retry(admin, waiting.id);
    expect(during.statusCode).toBe(409);
    expect(during.json()).toEqual({ error: ALERT_MESSAGES.deliverySending });
    release();
    const sent = await eventually(async () => {
      const current = await delivery(waiting.id);
      expect(current.status).toBe('sent');
      return current;
    });
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
    expect(hook.received).toHaveLength(2);
    const again = await retry(admin, waiting.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: ALERT_MESSAGES.deliverySent });
  });

  it('gives a failed notification one more attempt on request', async () => {
    hook.answer(503);
    await push({ ...NORMAL_PCDU, waterleak: true });
    const first = await eventually(async () => {
      const newest = await newestDelivery();
      expect(newest).toMatchObject({ transition: 'firing', attempts: 1 });
      return newest!;
    });
    // As the queue leaves a delivery whose attempts ran out.
    await t.app.database.db
      .updateTable('notification_deliveries')
      .set({ status: 'failed', attempts: NOTIFICATION_MAX_ATTEMPTS, next_attempt_at: null })
      .where('id', '=', first.id)
      .execute();
    const calls = hook.received.length;
    const answer = await retry(admin, first.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const failed = await eventually(async () => {
      const current = await delivery(first.id);
      expect(current.attempts).toBe(NOTIFICATION_MAX_ATTEMPTS + 1);
      return current;
    });
    expect(failed).toMatchObject({ status: 'failed', lastError: 'The webhook answered HTTP 503.' });
    expect(hook.received.length).toBe(calls + 1);
  });
});
