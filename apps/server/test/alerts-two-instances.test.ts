import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CreatedNotificationChannel, EquipmentSummary } from '@brezza/contract';
import { buildApp } from '../src/app.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';
import { holdPlan } from './helpers/plans.js';
import {
  NORMAL_PCDU,
  alertsOf,
  eventually,
  gatewayWithPcdu,
  pushReading,
  webhookReceiver,
} from './helpers/alerts.js';

/**
 * Two server instances on one PostgreSQL database: both see every sample (LISTEN/NOTIFY) and
 * both evaluate it; each transition is recorded and notified once. Runs with TEST_DATABASE_URL
 * (CI); SQLite is one instance by design.
 */
const postgres = !!process.env.TEST_DATABASE_URL;

describe.runIf(postgres)('alerts with two instances on one database', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let admin: Operator;
  let agent: Record<string, string>;
  let pcdu: EquipmentSummary;
  let hook: Awaited<ReturnType<typeof webhookReceiver>>;
  let clock = Date.now();

  beforeAll(async () => {
    t = await buildTestApp();
    second = await buildApp({ config: t.config });
    admin = await createOperator(t);
    // Alerts are part of the Argento plan (issue 14): bought as an admin buys it.
    await holdPlan(t, admin, 'argent');
    ({ headers: agent, pcdu } = await gatewayWithPcdu(t.app, admin));
    hook = await webhookReceiver();
    const channel = await t.app.inject({
      method: 'POST',
      url: '/api/notification-channels',
      headers: admin.headers,
      payload: { name: 'Hook', kind: 'webhook', target: hook.url },
    });
    expect(channel.json<CreatedNotificationChannel>().secret).toBeTruthy();
  });

  afterAll(async () => {
    await hook.close();
    await second.close();
    await t.close();
  });

  /** Readings alternate between the instances, as behind a load balancer. */
  async function push(app: FastifyInstance, values: Record<string, unknown>) {
    clock = Math.max(clock + 1000, Date.now());
    await pushReading(app, agent, pcdu.id, clock, values);
  }

  it('sends one notification per transition', async () => {
    await push(t.app, NORMAL_PCDU);
    for (let round = 0; round < 3; round += 1) {
      await push(round % 2 ? t.app : second, { ...NORMAL_PCDU, waterleak: true });
      await eventually(async () => expect(hook.received.length).toBe(round * 2 + 1));
      await push(round % 2 ? second : t.app, NORMAL_PCDU);
      await eventually(async () => expect(hook.received.length).toBe(round * 2 + 2));
    }
    // Long enough for a duplicate to have arrived from either instance's queue.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(hook.received.map((r) => JSON.parse(r.body).transition)).toEqual([
      'firing',
      'resolved',
      'firing',
      'resolved',
      'firing',
      'resolved',
    ]);
    const history = (await alertsOf(second, admin)).history.filter(
      (e) => e.ruleName === 'pCDU water leak',
    );
    expect(history).toHaveLength(6);
  });
});
