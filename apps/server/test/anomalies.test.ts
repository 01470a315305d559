import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANOMALIES_PATH,
  ANOMALY_BIT_METRIC,
  ANOMALY_SCORE_METRIC,
  FORECASTS_PATH,
  INSIGHT_MESSAGES,
  equipmentMetricName,
  planRequiredMessage,
  type AnomaliesResponse,
  type EquipmentSummary,
  type ForecastsResponse,
} from '@brezza/contract';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';
import { gatewayWithPcdu } from './helpers/alerts.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let oro: Operator;
let unplanned: Operator;
let pcdu: EquipmentSummary;
let roomId: number;
const now = Math.floor(Date.now() / MINUTE) * MINUTE;

const get = (who: Operator, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who.headers });

beforeAll(async () => {
  t = await buildTestApp();
  t.app.anomalies.jobs.stop();
  oro = await createOperator(t);
  unplanned = await createOperator(t);
  const { db } = t.app.database;
  await db
    .updateTable('organisations')
    .set({ plan: 'oro' })
    .where('id', '=', oro.organisationId)
    .execute();
  ({ pcdu } = await gatewayWithPcdu(t.app, oro));
  const at = new Date().toISOString();
  roomId = (
    await db
      .insertInto('rooms')
      .values({
        organisation_id: oro.organisationId,
        name: 'Hall B',
        datacenter_id: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db.updateTable('servers').set({ room_id: roomId }).where('id', '=', pcdu.id).execute();

  // Seven hours of a supply temperature that swings gently, ending in a sudden jump; and a week
  // of hourly valve positions opening 2 % a day.
  const supply = equipmentMetricName('pcdu', 'refrigerant_supply_temperature');
  const minutes = 7 * 60;
  const samples = Array.from({ length: minutes }, (_, i) => ({
    organisationId: oro.organisationId,
    deviceId: pcdu.id,
    metric: supply,
    timestampMs: now - (minutes - i) * MINUTE,
    value: 22 + Math.sin(i / 20) + (i >= minutes - 3 ? 6 : 0),
  }));
  await t.app.metricsStore.write(samples, { publish: false });
  const valve = Array.from({ length: 7 * 24 }, (_, i) => ({
    organisationId: oro.organisationId,
    deviceId: pcdu.id,
    metric: equipmentMetricName('pcdu', 'valveNow'),
    timestampMs: now - 7 * DAY + i * HOUR,
    value: 70 + (2 * i) / 24 + 0.3 * Math.sin(i),
  }));
  await t.app.metricsStore.write(valve, { history: true, publish: false });

  // Trained on the first six hours, then the last minutes judged as the scheduler does.
  await t.app.anomalies.service.train(oro.organisationId, now - 10 * MINUTE);
  for (let m = 9; m >= 0; m -= 1)
    await t.app.anomalies.service.score(oro.organisationId, now - m * MINUTE + 15_000);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/anomalies', () => {
  it('needs the Oro plan', async () => {
    for (const path of [ANOMALIES_PATH, FORECASTS_PATH]) {
      const response = await get(unplanned, path);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: planRequiredMessage('predictions') });
    }
  });

  it('refuses a malformed scope and one outside the organisation', async () => {
    const bad = await get(oro, `${ANOMALIES_PATH}?scope=hall:1`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toContain(INSIGHT_MESSAGES.scope);
    const foreign = await get(oro, `${FORECASTS_PATH}?scope=room:999999`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: INSIGHT_MESSAGES.scopeNotFound });
  });

  it('ranks what is unusual now, for the organisation and for the unit’s room', async () => {
    for (const scope of ['organisation', `room:${roomId}`, `device:${pcdu.id}`]) {
      const response = await get(oro, `${ANOMALIES_PATH}?scope=${scope}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<AnomaliesResponse>();
      expect(body.scope).toBe(scope);
      expect(body.models.modelledSeries).toBeGreaterThan(0);
      expect(body.models.trainedAt).not.toBeNull();
      const top = body.metrics[0]!;
      expect(top).toMatchObject({
        deviceId: pcdu.id,
        deviceName: 'pCDU-1',
        deviceType: 'pcdu',
        metric: equipmentMetricName('pcdu', 'refrigerant_supply_temperature'),
        labels: {},
      });
      expect(top.anomalyRatePercent).toBeGreaterThan(0);
      expect(body.devices[0]).toMatchObject({ deviceId: pcdu.id, modelledMetrics: 1 });
    }
  });

  it('stores the judgement as anomaly samples, queryable like any metric', async () => {
    const result = await t.app.metricsStore.queryRange({
      organisationId: oro.organisationId,
      metric: ANOMALY_SCORE_METRIC,
      fromMs: now - 15 * MINUTE,
      toMs: now,
      stepMs: MINUTE,
      aggregate: 'max',
    });
    expect(result.series[0]!.labels).toEqual({
      metric: equipmentMetricName('pcdu', 'refrigerant_supply_temperature'),
    });
    expect(Math.max(...result.series[0]!.points.map(([, v]) => v))).toBeGreaterThan(1);
    const names = await t.app.metricsStore.names(oro.organisationId);
    expect(names).toEqual(expect.arrayContaining([ANOMALY_SCORE_METRIC, ANOMALY_BIT_METRIC]));
  });

  it('shows nothing unusual in a room without devices', async () => {
    const { db } = t.app.database;
    const at = new Date().toISOString();
    const empty = await db
      .insertInto('rooms')
      .values({
        organisation_id: oro.organisationId,
        name: 'Empty',
        datacenter_id: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await get(oro, `${ANOMALIES_PATH}?scope=room:${empty.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<AnomaliesResponse>()).toMatchObject({ metrics: [], devices: [] });
  });
});

describe('GET /api/forecasts', () => {
  it('counts down to the pCDU’s cooling capacity with a band', async () => {
    const response = await get(oro, `${FORECASTS_PATH}?scope=room:${roomId}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ForecastsResponse>();
    const capacity = body.forecasts.find((f) => f.kind === 'capacity')!;
    expect(capacity).toMatchObject({ deviceId: pcdu.id, roomName: 'Hall B', threshold: 100 });
    // 84 % now, opening 2 % a day: fully open in about 8 days.
    expect(capacity.etaDays).toBeGreaterThan(6);
    expect(capacity.etaDays).toBeLessThan(10);
    expect(capacity.etaEarliestDays!).toBeLessThanOrEqual(capacity.etaDays!);
    expect(capacity.etaLatestDays!).toBeGreaterThanOrEqual(capacity.etaDays!);
    expect(capacity.summary).toMatch(
      /^Hall B \(pCDU-1\) reaches its cooling capacity \(valve fully open\) in \d+ days at the current growth/,
    );
    expect(capacity.projection.length).toBeGreaterThan(2);
    expect(body.forecasts[0]!.etaDays).not.toBeNull();
  });
});
