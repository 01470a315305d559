import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANOMALIES_PATH,
  ANOMALY_BIT_METRIC,
  ANOMALY_SCORE_METRIC,
  ANOMALY_SOURCE_LABEL,
  equipmentMetricName,
  type AnomaliesResponse,
  type EquipmentSummary,
} from '@brezza/contract';
import { COARSE_STEP_MS, STEP_MS } from '../src/modules/anomalies/service.js';
import type { Model } from '../src/modules/anomalies/detector.js';
import { DEMO_HISTORY } from '../src/modules/demo/agent.js';
import { backfill } from '../src/modules/demo/backfill.js';
import { backfillSamples } from '../src/modules/demo/equipment.js';
import { demoServer } from '../src/modules/demo/telemetry-model.js';
import type { MetricSample } from '../src/types.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';
import { eventually, gatewayWithPcdu } from './helpers/alerts.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';

/**
 * Anomaly models are learnt from the history a fresh demo writes (a week at 5-minute steps, the
 * last 6 hours of its servers every minute, its pCDU at 5-minute steps only) as soon as it is
 * written, and are stored: an app started again on the same database judges with them at once.
 */

const FIVE_MINUTES = 5 * 60_000;
const SUPPLY = equipmentMetricName('pcdu', 'refrigerant_supply_temperature');

let database: TestDatabase;
let t: TestApp;
let oro: Operator;
let pcdu: EquipmentSummary;
let serverId: number;
// On a 5-minute boundary, as the demo's history steps are.
const now = Math.floor(Date.now() / FIVE_MINUTES) * FIVE_MINUTES;
/** The newest minute with a point of both histories, and when the scheduler judges it. */
const judgedMs = now - FIVE_MINUTES;
const judgeAt = judgedMs + STEP_MS + 15_000;
let firstJudgement: MetricSample[];

const get = (app: TestApp, url: string) =>
  app.app.inject({ method: 'GET', url, headers: oro.headers });

beforeAll(async () => {
  database = await createTestDatabase();
  t = await buildTestApp({}, database);
  oro = await createOperator(t);
  const { db } = t.app.database;
  await db
    .updateTable('organisations')
    .set({ plan: 'oro' })
    .where('id', '=', oro.organisationId)
    .execute();
  ({ pcdu } = await gatewayWithPcdu(t.app, oro));
  serverId = (
    await db
      .selectFrom('servers')
      .select('id')
      .where('organisation_id', '=', oro.organisationId)
      .where('server_name', '=', 'gateway-1')
      .executeTakeFirstOrThrow()
  ).id;

  // The demo's own backfills: a demo server's week, and the pCDU's.
  const organisationId = oro.organisationId;
  await backfill(
    t.app.metricsStore,
    [{ organisationId, deviceId: serverId, server: demoServer('mil-web-01') }],
    { ...DEMO_HISTORY, untilMs: now },
  );
  await t.app.metricsStore.write(
    backfillSamples(
      organisationId,
      {
        gatewayServerId: serverId,
        pcdu: { id: pcdu.id, port: 1502, serverNames: ['mil-web-01'] },
        pdus: [],
      },
      now,
    ),
    { history: true, publish: false },
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
  await database?.drop();
});

async function storedModels(app: TestApp) {
  const rows = await app.app.database.db
    .selectFrom('anomaly_models')
    .select(['server_id', 'metric', 'models'])
    .where('organisation_id', '=', oro.organisationId)
    .execute();
  return rows.map((row) => ({ ...row, models: JSON.parse(row.models) as Model[] }));
}

describe('anomaly models', () => {
  it('are learnt from a freshly written history at once, at the steps it is stored at', async () => {
    expect(t.app.anomalies.service.trainedAtMs(oro.organisationId)).toBeNull();
    t.app.anomalies.jobs.historyWritten(oro.organisationId);
    await eventually(async () => {
      expect(t.app.anomalies.service.trainedAtMs(oro.organisationId)).not.toBeNull();
    }, 60_000);
    t.app.anomalies.jobs.stop();

    const stored = await storedModels(t);
    expect(stored.length).toBe(t.app.anomalies.service.modelledSeries(oro.organisationId));
    // The pCDU has only 5-minute history: every window is learnt at that step.
    const supply = stored.find((s) => s.server_id === pcdu.id && s.metric === SUPPLY)!;
    expect(supply.models.map((m) => m.stepMs)).toEqual([
      COARSE_STEP_MS,
      COARSE_STEP_MS,
      COARSE_STEP_MS,
    ]);
    // The server's last 6 hours are minutes; the window before them is 5-minute steps.
    const server = stored.filter((s) => s.server_id === serverId);
    expect(server.length).toBeGreaterThan(5);
    expect(server[0]!.models.map((m) => m.stepMs)).toEqual([STEP_MS, STEP_MS, COARSE_STEP_MS]);

    firstJudgement = await t.app.anomalies.service.score(oro.organisationId, judgeAt);
    const judged = new Set(
      firstJudgement.map((s) => `${s.deviceId} ${s.labels?.[ANOMALY_SOURCE_LABEL]}`),
    );
    expect(judged).toContain(`${pcdu.id} ${SUPPLY}`);
    expect([...judged].filter((key) => key.startsWith(`${serverId} `)).length).toBeGreaterThan(5);
    // The demo's history is its normal: the minute after it is judged so.
    const bits = firstJudgement.filter((s) => s.metric === ANOMALY_BIT_METRIC);
    expect(bits.filter((s) => s.value === 1).length).toBeLessThanOrEqual(bits.length / 10);

    const unusual = (await get(t, ANOMALIES_PATH)).json<AnomaliesResponse>();
    expect(unusual.models.modelledSeries).toBe(stored.length);
  });

  it('survive a restart: the app started again judges with them from its first minute', async () => {
    const trainedAt = t.app.anomalies.service.trainedAtMs(oro.organisationId);
    const modelled = t.app.anomalies.service.modelledSeries(oro.organisationId);
    await t.close();
    t = await buildTestApp({}, database);
    t.app.anomalies.jobs.stop();

    expect(t.app.anomalies.service.trainedAtMs(oro.organisationId)).toBe(trainedAt);
    expect(t.app.anomalies.service.modelledSeries(oro.organisationId)).toBe(modelled);
    const unusual = (await get(t, ANOMALIES_PATH)).json<AnomaliesResponse>();
    expect(unusual.models).toEqual({
      modelledSeries: modelled,
      trainedAt: new Date(trainedAt!).toISOString(),
    });
    // The same minute, judged by the loaded models, scores exactly as before.
    const again = await t.app.anomalies.service.score(oro.organisationId, judgeAt);
    const scores = (samples: MetricSample[]) =>
      samples
        .filter((s) => s.metric === ANOMALY_SCORE_METRIC)
        .map((s) => `${s.deviceId} ${JSON.stringify(s.labels)} ${s.value}`)
        .sort();
    expect(scores(again)).toEqual(scores(firstJudgement));

    // Training again replaces the stored models rather than adding to them.
    await t.app.anomalies.service.train(oro.organisationId);
    expect((await storedModels(t)).length).toBe(
      t.app.anomalies.service.modelledSeries(oro.organisationId),
    );
  });
});
