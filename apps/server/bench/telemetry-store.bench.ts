import { sql } from 'kysely';
import type { AgentSample } from '@brezza/contract';
import { createEngine } from '../src/modules/telemetry/store/embedded/engine.js';
import { flattenAgentSamples } from '../src/modules/telemetry/flatten.js';
import { createPrometheusStore } from '../src/modules/telemetry/store/prometheus/store.js';
import type { MetricSample, RangeQuery } from '../src/modules/telemetry/store/types.js';
import { createDatabase, migrateToLatest } from '../src/db/database.js';
import { createTestDatabase } from '../test/helpers/database.js';
import { missingBinary, startVictoriaMetrics } from '../test/helpers/metrics-backends.js';

/**
 * The metrics store side by side with VictoriaMetrics, fed the same samples:
 * - bytes per stored sample after 24 h of 100 agents every 15 s (goal: ≤ 4 B embedded), the
 *   agents' samples flattened as the server stores them (simulated machines: CPU, memory,
 *   load, a filesystem, a disk, a network interface, two temperatures, RAPL power);
 * - dashboard query latency: one server's 24 h × 10 metrics at 1 minute, and a room of 400
 *   servers' power over 7 days at 1 hour (goal: ≤ 2× VictoriaMetrics).
 * Embedded on SQLite (TEST_DATABASE_URL: PostgreSQL), default retention: the 7 days go in with
 * the history write path (minute and hour rollups beyond the raw 48 h), in large batches.
 */
const AGENTS = 100;
const INTERVAL_MS = 15_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ROOM_SERVERS = 400;
const ROOM_INTERVAL_MS = 5 * 60_000;
const REPEAT = 5;
/** Agents (24 h data) and room servers (7 d data) per write. */
const AGENTS_PER_WRITE = 20;
const ROOM_SERVERS_PER_WRITE = 50;
const DASHBOARD_METRICS = [
  'cpu_usage_ratio',
  'memory_available_bytes',
  'load1',
  'load5',
  'load15',
  'filesystem_free_bytes',
  'network_receive_bytes_per_second',
  'network_transmit_bytes_per_second',
  'temperature_celsius',
  'power_watts',
];

/** A machine's readings drifting as real ones do, from a seeded generator. */
function simulatedMachine(seed: number) {
  let state = seed * 7919 + 1;
  const random = () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
  let cpu = 0.2 + random() * 0.3;
  let available = 8e9 + Math.floor(random() * 4e9);
  let free = 200e9;
  let rx = 0;
  let tx = 0;
  let read = 0;
  let written = 0;
  let temperature = 45;
  return (time: number): AgentSample => {
    cpu = Math.min(1, Math.max(0, cpu + (random() - 0.5) * 0.05));
    available = Math.max(1e9, available + Math.round(((random() - 0.5) * 2e6) / 4096) * 4096);
    free -= Math.round(random() * 100) * 4096;
    rx += Math.round(random() * 2e6);
    tx += Math.round(random() * 1e6);
    read += Math.round((random() * 5e5) / 512) * 512;
    written += Math.round((random() * 1e6) / 512) * 512;
    temperature = Math.min(90, Math.max(30, temperature + Math.round((random() - 0.5) * 2)));
    const load = 4 * cpu;
    return {
      collectedAt: new Date(time).toISOString(),
      uptimeSeconds: Math.round(time / 1000) % 10_000_000,
      cpu: { count: 16, usageRatio: cpu },
      memory: {
        totalBytes: 16e9,
        availableBytes: available,
        swapTotalBytes: 2e9,
        swapFreeBytes: 2e9,
      },
      load: { load1: load, load5: load * 0.9, load15: load * 0.8 },
      filesystems: [
        {
          device: '/dev/nvme0n1p2',
          mountpoint: '/',
          fsType: 'ext4',
          sizeBytes: 500e9,
          freeBytes: free,
          availableBytes: free - 25e9,
        },
      ],
      disks: [{ device: 'nvme0n1', readBytes: read, writtenBytes: written }],
      network: [
        {
          interface: 'eth0',
          receiveBytes: rx,
          transmitBytes: tx,
          receiveErrors: 0,
          transmitErrors: 0,
        },
      ],
      temperatures: [
        { source: 'hwmon', chip: 'coretemp', sensor: 'Package id 0', celsius: temperature },
        { source: 'hwmon', chip: 'nvme', sensor: 'Composite', celsius: temperature - 8 },
      ],
      power: [{ source: 'rapl', domain: 'package-0', watts: 40 + cpu * 120, energyJoules: null }],
    };
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return median(times);
}

export async function run(): Promise<void> {
  const skip = missingBinary('victoria-metrics');
  // A database of its own, without the app: nothing else writes to it meanwhile.
  const test = await createTestDatabase();
  const database = createDatabase(
    test.url
      ? { kind: 'postgres', url: test.url }
      : { kind: 'sqlite', file: `${test.dataDir}/bench.sqlite` },
  );
  await migrateToLatest(database);
  const vm = skip ? null : await startVictoriaMetrics();
  try {
    const { db, dialect } = database;
    const retention = { rawMs: 2 * DAY, minuteMs: 35 * DAY, hourMs: 400 * DAY };
    const engine = createEngine({ dialect, retention });
    const remote = vm
      ? createPrometheusStore({ writeUrl: vm.writeUrl, queryUrl: vm.queryUrl })
      : null;
    const at = new Date().toISOString();
    const org = (
      await db
        .insertInto('organisations')
        .values({
          name: 'Store bench',
          grafana_url: null,
          tau_url: null,
          plan: 'none',
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const buildServer = async () =>
      (
        await db
          .insertInto('servers')
          .values({
            organisation_id: org,
            server_name: 'bench',
            rack_id: null,
            device_type_id: null,
            host_name: null,
            agent_version: null,
            created_at: at,
            updated_at: at,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const now = Math.floor(Date.now() / INTERVAL_MS) * INTERVAL_MS;
    const write = async (samples: MetricSample[]) => {
      await db.transaction().execute((trx) => engine.write(trx, samples, now, true));
      await remote?.write(samples);
    };

    // 24 h of 100 agents, an hour of 20 agents per write.
    const devices: number[] = [];
    for (let i = 0; i < AGENTS; i++) devices.push(await buildServer());
    const machines = devices.map((_, i) => simulatedMachine(i + 1));
    const previous = new Map<number, AgentSample>();
    let stored = 0;
    const started = performance.now();
    for (let hour = now - DAY; hour < now; hour += HOUR) {
      let batch: MetricSample[] = [];
      for (const [i, device] of devices.entries()) {
        const samples: AgentSample[] = [];
        for (let time = hour; time < hour + HOUR; time += INTERVAL_MS)
          samples.push(machines[i]!(time));
        const flat = flattenAgentSamples(samples, previous.get(device) ?? null, {
          organisationId: org,
          deviceId: device,
          receivedMs: now,
        });
        previous.set(device, samples.at(-1)!);
        stored += flat.length;
        batch.push(...flat);
        if ((i + 1) % AGENTS_PER_WRITE === 0 || i === devices.length - 1) {
          await write(batch);
          batch = [];
        }
      }
    }
    const writeSeconds = (performance.now() - started) / 1000;
    // Seal the last hour too, as maintenance does once it has passed.
    await db.transaction().execute((trx) => engine.maintain(trx, now + HOUR + 10 * 60_000));
    const embeddedBytes =
      dialect === 'sqlite'
        ? Number(
            (
              await sql<{
                bytes: number;
              }>`select coalesce(sum(pgsize), 0) as bytes from dbstat where name like '%metric_%'`.execute(
                db,
              )
            ).rows[0]!.bytes,
          )
        : Number(
            (
              await sql<{
                bytes: number;
              }>`select pg_total_relation_size('metric_series') + pg_total_relation_size('metric_heads') + pg_total_relation_size('metric_head_samples') + pg_total_relation_size('metric_chunks') as bytes`.execute(
                db,
              )
            ).rows[0]!.bytes,
          );
    console.log(
      `${AGENTS} agents × 24 h every ${INTERVAL_MS / 1000} s: ${stored} samples (${(stored / AGENTS / 5760).toFixed(1)} per agent sample), written in ${writeSeconds.toFixed(0)} s (both stores)`,
    );
    console.log(
      `embedded (${dialect}, tables and indexes, chunks + minute and hour rollups): ${(embeddedBytes / stored).toFixed(2)} bytes/sample (goal ≤ 4: ${embeddedBytes / stored <= 4 ? 'met' : 'MISSED'})`,
    );
    if (vm) {
      await vm.settle();
      // VictoriaMetrics compresses further as it merges parts: give it a moment after the flush.
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      const vmBytes = vm.diskBytes();
      console.log(
        `VictoriaMetrics (data directory after flush): ${(vmBytes / stored).toFixed(2)} bytes/sample; ratio embedded/VictoriaMetrics ${(embeddedBytes / vmBytes).toFixed(2)}`,
      );
    } else console.log(skip);

    // A room of 400 servers, 7 days of power every 5 minutes (a PDU outlet's pace).
    const room: number[] = [];
    for (let i = 0; i < ROOM_SERVERS; i++) room.push(await buildServer());
    const roomStarted = performance.now();
    {
      let samples: MetricSample[] = [];
      for (const [i, device] of room.entries()) {
        for (let time = now - 7 * DAY; time < now; time += ROOM_INTERVAL_MS) {
          samples.push({
            organisationId: org,
            deviceId: device,
            metric: 'power_watts',
            labels: { source: 'rapl', domain: 'package-0' },
            timestampMs: time,
            value: Math.round((150 + 50 * Math.sin(time / 3_600_000 + i)) * 100) / 100,
          });
        }
        if ((i + 1) % ROOM_SERVERS_PER_WRITE === 0 || i === room.length - 1) {
          await write(samples);
          samples = [];
        }
      }
    }
    console.log(
      `room of ${ROOM_SERVERS} servers × 7 d every ${ROOM_INTERVAL_MS / 60_000} min, history writes: ${((performance.now() - roomStarted) / 1000).toFixed(0)} s (both stores)`,
    );
    await db.transaction().execute((trx) => engine.maintain(trx, now + HOUR + 10 * 60_000));
    await vm?.settle();

    const server = devices[0]!;
    const dashboard = (query: (q: RangeQuery) => Promise<unknown>) => () =>
      Promise.all(
        DASHBOARD_METRICS.map((metric) =>
          query({
            organisationId: org,
            metric,
            deviceIds: [server],
            fromMs: now - DAY,
            toMs: now,
            stepMs: 60_000,
            aggregate: 'avg',
          }),
        ),
      );
    const roomQuery = (query: (q: RangeQuery) => Promise<unknown>) => () =>
      query({
        organisationId: org,
        metric: 'power_watts',
        deviceIds: room,
        fromMs: now - 7 * DAY,
        toMs: now,
        stepMs: HOUR,
        aggregate: 'avg',
      });
    const embedded = (q: RangeQuery) => engine.queryRange(db, q, now);
    const serverEmbedded = await timed(dashboard(embedded));
    const roomEmbedded = await timed(roomQuery(embedded));
    console.log(
      `query one server 24 h × 10 metrics at 1 min: embedded ${serverEmbedded.toFixed(1)} ms; room of ${ROOM_SERVERS} servers 7 d at 1 h: embedded ${roomEmbedded.toFixed(1)} ms (median of ${REPEAT})`,
    );
    if (remote) {
      const serverVm = await timed(dashboard((q) => remote.queryRange(q)));
      const roomVm = await timed(roomQuery((q) => remote.queryRange(q)));
      console.log(
        `VictoriaMetrics: server ${serverVm.toFixed(1)} ms, room ${roomVm.toFixed(1)} ms; ratio embedded/VictoriaMetrics: server ${(serverEmbedded / serverVm).toFixed(2)} (goal ≤ 2: ${serverEmbedded <= 2 * serverVm ? 'met' : 'MISSED'}), room ${(roomEmbedded / roomVm).toFixed(2)} (goal ≤ 2: ${roomEmbedded <= 2 * roomVm ? 'met' : 'MISSED'})`,
      );
    }
  } finally {
    await vm?.stop();
    await database.close();
    await test.drop();
  }
}
