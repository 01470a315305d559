import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANOMALY_BIT_METRIC,
  PCDU_DEFAULT_PROFILE,
  type AnomaliesResponse,
  type EquipmentSummary,
} from '@brezza/contract';
import {
  createModbusConnection,
  startPcduSimulator,
  type PcduSimulator,
} from '@brezza/agent/equipment';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';
import { eventually, gatewayWithPcdu } from './helpers/alerts.js';

/**
 * Issue 15's key test: on a pCDU, injected pump degradation is flagged as an anomaly before any
 * threshold alert of the default rule pack fires. Every step is the product's own path, on a
 * simulated clock: the simulator's physics behind its Modbus server → the agent's Modbus poll →
 * the agent readings API → the metrics store → the detector (trained on that history) → anomaly
 * samples → the alert engine (a rule on `anomaly_bit`, and the default pack on the readings).
 */

const POLL_S = 10;
const TRAINING_HOURS = 7;
const BEFORE_FAULT_MIN = 30;
const AFTER_FAULT_MIN = 90;
/** The detector's allowance for late data after a minute ends (service.ts LATENESS_MS). */
const JUDGED_AFTER_MS = 15_000;

let t: TestApp;
let admin: Operator;
let agent: Record<string, string>;
let pcdu: EquipmentSummary;
let simulator: PcduSimulator;
// Readings are stamped ahead of the wall clock: the units' "last seen" (the server's own receive
// time) then stays fresh, so absence rules judge the simulation fairly.
let clock = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;

beforeAll(async () => {
  t = await buildTestApp();
  t.app.anomalies.jobs.stop();
  admin = await createOperator(t);
  await t.app.database.db
    .updateTable('organisations')
    .set({ plan: 'platino' })
    .where('id', '=', admin.organisationId)
    .execute();
  ({ headers: agent, pcdu } = await gatewayWithPcdu(t.app, admin));
  simulator = await startPcduSimulator({
    port: 0,
    heatLoadKw: 25,
    now: () => clock,
    tickMs: 2_000_000_000,
  });
});

afterAll(async () => {
  await simulator?.close();
  await t?.close();
});

async function push(readings: { equipmentId: number; timestampMs: number; values: object }[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/agent/equipment/readings',
    headers: agent,
    payload: { readings },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Runs the unit for `minutes`, polled every 10 s; `eachMinute` after each minute's push. */
async function run(minutes: number, eachMinute?: (minuteEndMs: number) => Promise<void>) {
  const connection = createModbusConnection({
    host: simulator.host,
    port: simulator.port,
    unitId: PCDU_DEFAULT_PROFILE.defaultUnitId,
  });
  try {
    let batch: { equipmentId: number; timestampMs: number; values: object }[] = [];
    for (let minute = 0; minute < minutes; minute += 1) {
      for (let s = 0; s < 60; s += POLL_S) {
        clock += POLL_S * 1000;
        simulator.advance(POLL_S);
        const values = await connection.poll(PCDU_DEFAULT_PROFILE);
        batch.push({ equipmentId: pcdu.id, timestampMs: clock, values });
      }
      if (eachMinute || batch.length >= 360) {
        await push(batch);
        batch = [];
      }
      if (eachMinute) await eachMinute(clock);
    }
    if (batch.length > 0) await push(batch);
  } finally {
    connection.close();
  }
}

async function firstFirings(organisationId: number) {
  const rows = await t.app.database.db
    .selectFrom('alert_events as e')
    .innerJoin('alert_states as s', 's.id', 'e.state_id')
    .innerJoin('alert_rules as r', 'r.id', 's.rule_id')
    .select(['r.name', 'r.metric', 'r.builtin', 'e.at'])
    .where('e.organisation_id', '=', organisationId)
    .where('e.transition', '=', 'firing')
    .orderBy('e.at')
    .execute();
  return rows;
}

describe('pump degradation on a pCDU', () => {
  it('is flagged as an anomaly before any threshold alert fires, and prints the lead time', async () => {
    const rule = await t.app.inject({
      method: 'POST',
      url: '/api/alert-rules',
      headers: admin.headers,
      payload: {
        name: 'pCDU behaves unusually',
        severity: 'warning',
        scope: { kind: 'deviceType', deviceType: 'pcdu' },
        metric: ANOMALY_BIT_METRIC,
        condition: { kind: 'above', threshold: 0.5 },
        forSeconds: 0,
        description: 'Every anomaly model of a series finds its latest minute unusual.',
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);

    // The organisation's normal: hours of history, then training in the background job's way.
    await run(TRAINING_HOURS * 60);
    const modelled = await t.app.anomalies.service.train(admin.organisationId, clock);
    expect(modelled).toBeGreaterThan(5);

    const flagged: { atMs: number; metrics: string[] }[] = [];
    const judge = async (minuteEndMs: number) => {
      // As the scheduler does: a minute is judged once it is over and its late data is in.
      const samples = await t.app.anomalies.service.score(
        admin.organisationId,
        minuteEndMs + JUDGED_AFTER_MS,
      );
      const anomalous = samples.filter((s) => s.metric === ANOMALY_BIT_METRIC && s.value === 1);
      if (anomalous.length > 0)
        flagged.push({
          atMs: anomalous[0]!.timestampMs,
          metrics: anomalous.map((s) => s.labels!.metric!),
        });
    };
    await run(BEFORE_FAULT_MIN, judge);
    const falseAlarms = flagged.length;

    const faultAtMs = clock;
    simulator.injectFault('pump');
    await run(AFTER_FAULT_MIN, judge);

    const detection = flagged.find((f) => f.atMs >= faultAtMs);
    expect(detection, 'the degradation is flagged').toBeDefined();
    // Known once its minute is over and judged.
    const detectedAtMs = detection!.atMs + 60_000 + JUDGED_AFTER_MS;

    const firings = await eventually(async () => {
      const rows = await firstFirings(admin.organisationId);
      expect(rows.some((r) => r.metric === ANOMALY_BIT_METRIC)).toBe(true);
      return rows;
    });
    const anomalyAlert = firings.find((r) => r.metric === ANOMALY_BIT_METRIC)!;
    const threshold = firings.find((r) => r.builtin !== null && Date.parse(r.at) >= faultAtMs);

    const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
    const lines = [
      `pump degradation injected at simulated ${new Date(faultAtMs).toISOString()}`,
      `flagged as an anomaly after ${minutes(detectedAtMs - faultAtMs)} (${detection!.metrics.join(', ')})`,
      `anomaly alert "${anomalyAlert.name}" firing at +${minutes(Date.parse(anomalyAlert.at) - faultAtMs)}`,
      threshold
        ? `first threshold alert "${threshold.name}" at +${minutes(Date.parse(threshold.at) - faultAtMs)}: lead time ${minutes(Date.parse(threshold.at) - detectedAtMs)}`
        : `no threshold alert of the default pack fired within ${AFTER_FAULT_MIN} min: lead time over ${minutes(faultAtMs + AFTER_FAULT_MIN * 60_000 - detectedAtMs)}`,
      `minutes flagged in the ${BEFORE_FAULT_MIN} healthy minutes before the fault: ${falseAlarms}`,
    ];
    console.log(`\nAnomaly lead time (issue 15)\n  ${lines.join('\n  ')}\n`);

    expect(detectedAtMs - faultAtMs).toBeLessThanOrEqual(5 * 60_000);
    if (threshold) expect(Date.parse(threshold.at)).toBeGreaterThan(detectedAtMs);
    expect(falseAlarms).toBeLessThanOrEqual(2);

    // What is unusual now names the unit.
    const unusual = await t.app.anomalies.service.unusualNow(
      admin.organisationId,
      `device:${pcdu.id}`,
      clock + 60_000,
    );
    const listed: AnomaliesResponse = unusual;
    expect(listed.devices[0]?.deviceId).toBe(pcdu.id);
  }, 600_000);
});
