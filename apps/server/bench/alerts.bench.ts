import { DEFAULT_SAMPLE_INTERVAL_SECONDS, SERVER_METRICS, planAllows } from '@brezza/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../src/db/schema.js';
import { createAlertEngine } from '../src/modules/alerts/engine.js';
import type { MetricSample } from '../src/modules/telemetry/store/types.js';
import {
  createTransactionSampleWriter,
  createWorkerSampleWriter,
  type SampleWriter,
} from '../src/modules/agent/sample-writer.js';
import { createEngine } from '../src/modules/telemetry/store/embedded/engine.js';
import { createInProcessEvents } from '../src/modules/telemetry/events.js';
import { buildTestApp } from '../test/helpers/app.js';
import { createOperator } from '../test/helpers/auth.js';

/**
 * Alert evaluation at 1,000 servers and 100 pCDUs with the default rule pack: the CPU one
 * second of their samples costs the engine, as a ratio against storing the same samples
 * (ingest alone: the embedded store's writer, as the telemetry plugin builds it, and the live
 * fan-out's publish). Goal: alerting adds ≤ 20 %.
 *
 * Servers push every DEFAULT_SAMPLE_INTERVAL_SECONDS (every metric, four temperature sensors),
 * pCDUs every 2 s (their numeric readings). The writer and the engine are called directly, one
 * after the other on the same samples, so each side's CPU is measured alone. process.cpuUsage
 * counts every thread (the SQLite writer's worker too).
 */
const SERVERS = 1_000;
const PCDUS = 100;
const SECONDS = 30;
const PCDU_VALUES = [
  'refrigerant_supply_temperature',
  'refrigerant_return_temperature',
  'ambtemp',
  'water_inlet_temperature',
  'water_outlet_temperature',
  'delta_t',
  'facility_supply_pressure',
  'facility_return_pressure',
  'wflow',
  'ref_m',
  'valve_now',
  'setpoint_volumetric_flow',
  'energy',
  'cooling_power',
  'error_state',
  'malfunction',
  'waterleak',
];

async function devices(db: Kysely<DB>, organisationId: number) {
  const now = new Date().toISOString();
  const rows = [
    ...Array.from({ length: SERVERS }, (_, i) => ({ name: `srv-${i}`, type: 'server' as const })),
    ...Array.from({ length: PCDUS }, (_, i) => ({ name: `pcdu-${i}`, type: 'pcdu' as const })),
  ];
  const inserted = await db
    .insertInto('servers')
    .values(
      rows.map((r) => ({
        organisation_id: organisationId,
        server_name: r.name,
        host_name: r.name,
        rack_id: null,
        device_type_id: null,
        device_type: r.type,
        agent_version: null,
        last_seen_at: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning(['id', 'device_type'])
    .execute();
  return {
    servers: inserted.filter((r) => r.device_type === 'server').map((r) => r.id),
    pcdus: inserted.filter((r) => r.device_type === 'pcdu').map((r) => r.id),
  };
}

/** One simulated second of samples, for second `s`. */
function second(
  organisationId: number,
  ids: { servers: number[]; pcdus: number[] },
  s: number,
  start: number,
): MetricSample[] {
  const t = start + s * 1000;
  const samples: MetricSample[] = [];
  const perSecond = Math.ceil(SERVERS / DEFAULT_SAMPLE_INTERVAL_SECONDS);
  for (let i = 0; i < perSecond; i += 1) {
    const deviceId = ids.servers[(s * perSecond + i) % SERVERS]!;
    for (const metric of SERVER_METRICS) {
      if (metric.name === 'temperature_celsius') {
        for (let k = 0; k < 4; k += 1)
          samples.push({
            organisationId,
            deviceId,
            metric: metric.name,
            labels: { chip: 'coretemp', sensor: `core${k}` },
            timestampMs: t,
            value: 50 + ((s + k) % 40),
          });
      } else if (metric.labels.length === 0) {
        samples.push({
          organisationId,
          deviceId,
          metric: metric.name,
          timestampMs: t,
          value: (s * 7 + i) % 100,
        });
      }
    }
  }
  for (let i = 0; i < PCDUS / 2; i += 1) {
    const deviceId = ids.pcdus[(s * (PCDUS / 2) + i) % PCDUS]!;
    for (const name of PCDU_VALUES) {
      samples.push({
        organisationId,
        deviceId,
        metric: `pcdu_${name}`,
        timestampMs: t,
        value: name === 'waterleak' ? 0 : 20 + (s % 5),
      });
    }
  }
  return samples;
}

const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

export async function run(): Promise<void> {
  const t = await buildTestApp();
  try {
    const { db } = t.app.database;
    const organisationId = (await createOperator(t)).organisationId;
    // Alerts are part of Argento: without it the engine evaluates nothing.
    await t.app.database.db
      .updateTable('organisations')
      .set({ plan: 'argent' })
      .where('id', '=', organisationId)
      .execute();
    const ids = await devices(db, organisationId);
    const { dialect } = t.app.database;
    const engineOptions = { dialect, retention: t.config.metrics.retention };
    const { rows } = await sql<{ name: string; file: string }>`pragma database_list`
      .execute(db)
      .catch(() => ({ rows: [] as { name: string; file: string }[] }));
    const writer: SampleWriter =
      dialect === 'sqlite'
        ? createWorkerSampleWriter({
            file: rows.find((row) => row.name === 'main')!.file,
            engine: engineOptions,
            onServersChanged: () => undefined,
          })
        : createTransactionSampleWriter({
            db,
            engine: createEngine(engineOptions),
            onServersChanged: async () => undefined,
          });
    const events = createInProcessEvents();
    const ingest = async (samples: MetricSample[]) => {
      await writer.write({ samples });
      await events.publish(samples);
    };
    const engine = createAlertEngine({
      db,
      now: Date.now,
      log: console.error,
      onTransition: () => undefined,
      // As the plugin asks app.plans: the organisation's plan row.
      alertsAllowed: async (id) =>
        planAllows(
          (
            await db
              .selectFrom('organisations')
              .select('plan')
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).plan,
          'alerts',
        ),
    });

    const start = Date.now() - SECONDS * 1000;
    // Warm-up: caches loaded, JIT settled.
    await ingest(second(organisationId, ids, 0, start - 60_000));
    await engine.evaluate(second(organisationId, ids, 0, start - 60_000));

    let ingestMs = 0;
    let alertMs = 0;
    let samples = 0;
    for (let s = 0; s < SECONDS; s += 1) {
      const batch = second(organisationId, ids, s, start);
      samples += batch.length;
      let mark = process.cpuUsage();
      await ingest(batch);
      ingestMs += cpuMs(mark);
      mark = process.cpuUsage();
      await engine.evaluate(batch);
      alertMs += cpuMs(mark);
    }
    console.log(
      `${SERVERS} servers, ${PCDUS} pCDUs, default rule pack: ${(samples / SECONDS).toFixed(0)} samples per second`,
    );
    console.log(
      `ingest alone   ${(ingestMs / SECONDS).toFixed(1).padStart(7)} ms CPU per second of samples`,
    );
    console.log(
      `evaluation     ${(alertMs / SECONDS).toFixed(1).padStart(7)} ms CPU per second of samples`,
    );
    console.log(
      `ratio evaluation/ingest: ${((alertMs / ingestMs) * 100).toFixed(1)} % (goal ≤ 20 %)`,
    );
    await writer.close();
  } finally {
    await t.close();
  }
}
