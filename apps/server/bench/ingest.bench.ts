import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { AGENT_SAMPLES_PATH, DEFAULT_SAMPLE_INTERVAL_SECONDS, HEALTH_PATH } from '@brezza/contract';
import { countStored } from './store-size.js';
import { buildTestApp } from '../test/helpers/app.js';
import { createOperator } from '../test/helpers/auth.js';
import { buildRegistration, buildSample } from '../test/helpers/agent.js';

/**
 * Sample ingest through the real endpoint (POST /api/agent/samples: app token, validation,
 * flattening, the metrics store's chunks and the latest sample in one transaction) at twice the expected load of 1,000 servers: 2,000 agents pushing every
 * 15 s, sent at a fixed rate (open loop, latency measured from when each push was due). Reports
 * samples/s, p99 against GET /healthz at the same rate (the baseline), the longest event-loop
 * stall of the server's thread (target: none over 100 ms), acknowledged against stored samples
 * (target: equal), and the most pushes/s the server takes as a multiple of the load asked for.
 * SQLite by default; TEST_DATABASE_URL runs it on PostgreSQL. better-sqlite3 is synchronous: on
 * a disk that other processes keep busy one WAL write or checkpoint blocks its thread for
 * 60-250 ms (strace shows the pwrite64/fsync calls), so on SQLite pushes are written by a worker
 * thread, grouped (modules/agent/sample-writer.ts), and the server's thread never waits for the
 * disk. PostgreSQL writes in its own processes.
 */
const EXPECTED_SERVERS = 1_000;
const AGENTS = 2 * EXPECTED_SERVERS;
const RATE = AGENTS / DEFAULT_SAMPLE_INTERVAL_SECONDS;
const MEASURE_S = 20;
const ROUNDS = 4;
const STALL_MS = 100;
const CAPACITY_S = 8;
const CAPACITY_CONCURRENCY = 16;

interface LoadResult {
  sent: number;
  ok: number;
  failed: number;
  acknowledged: number;
  latencies: number[];
  seconds: number;
}

interface LoadJob {
  url: string;
  method: 'GET' | 'POST';
  /** Per request: headers and body, taken in turn. */
  requests: { authorization?: string; body?: string }[];
  /** Requests per second (open loop), or null for as fast as `concurrency` allows. */
  rate: number | null;
  concurrency: number;
  seconds: number;
}

// The load generator runs in a worker thread: the server under test keeps the main thread.
const WORKER = `
const { parentPort, workerData: job } = require('node:worker_threads');
(async () => {
  const result = { sent: 0, ok: 0, failed: 0, acknowledged: 0, latencies: [], seconds: 0 };
  const start = performance.now();
  const end = start + job.seconds * 1000;
  let next = 0;
  async function send(due) {
    const request = job.requests[next++ % job.requests.length];
    result.sent += 1;
    try {
      const response = await fetch(job.url, {
        method: job.method,
        headers: request.authorization
          ? { authorization: request.authorization, 'content-type': 'application/json' }
          : {},
        // Each push is a new sample: collected now.
        body: request.body && request.body.replace('__COLLECTED_AT__', new Date().toISOString()),
      });
      const text = await response.text();
      if (response.ok) {
        result.ok += 1;
        if (job.method === 'POST') result.acknowledged += JSON.parse(text).accepted;
      } else result.failed += 1;
    } catch {
      result.failed += 1;
    }
    result.latencies.push(performance.now() - due);
  }
  const inFlight = new Set();
  if (job.rate) {
    const gap = 1000 / job.rate;
    for (let due = start; due < end; due += gap) {
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const p = send(due).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
  } else {
    await Promise.all(Array.from({ length: job.concurrency }, async () => {
      while (performance.now() < end) await send(performance.now());
    }));
  }
  await Promise.all(inFlight);
  result.seconds = (performance.now() - start) / 1000;
  parentPort.postMessage(result);
})();
`;

function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: job });
    worker.once('message', (result: LoadResult) => {
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', reject);
  });
}

interface Phase extends LoadResult {
  longestStall: number;
  stalls: number;
}

const newPhase = (): Phase => ({
  sent: 0,
  ok: 0,
  failed: 0,
  acknowledged: 0,
  latencies: [],
  seconds: 0,
  longestStall: 0,
  stalls: 0,
});

/** Runs the load while timing the main thread's event loop (a 10 ms ticker that should not lag). */
async function watch(phase: Phase, work: () => Promise<LoadResult>): Promise<void> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    if (now - last - 10 > STALL_MS) phase.stalls += 1;
    last = now;
  }, 10);
  histogram.enable();
  const result = await work();
  histogram.disable();
  clearInterval(ticker);
  phase.longestStall = Math.max(phase.longestStall, histogram.max / 1e6);
  phase.sent += result.sent;
  phase.ok += result.ok;
  phase.failed += result.failed;
  phase.acknowledged += result.acknowledged;
  phase.latencies.push(...result.latencies);
  phase.seconds += result.seconds;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

export async function run(): Promise<void> {
  const t = await buildTestApp({ LOG_LEVEL: 'silent' });
  try {
    const { db } = t.app.database;
    const operator = await createOperator(t, { organisationName: 'Ingest bench' });
    const tokens = t.app.onboarding.service;
    const agents = t.app.agent.service;
    const pushes: { authorization: string; body: string }[] = [];
    // Registration is set-up, not what is measured: straight through the service.
    for (let i = 0; i < AGENTS; i += 1) {
      const { token } = await tokens.createToken({
        id: operator.userId,
        organisationId: operator.organisationId,
      });
      const registration = buildRegistration({ serverName: `bench-${i}` });
      await agents.register(token, registration, '198.51.100.1');
      pushes.push({
        authorization: `Bearer ${token}`,
        body: JSON.stringify({
          machineId: registration.machineId,
          agentVersion: '0.1.0',
          samples: [buildSample({ collectedAt: '__COLLECTED_AT__' })],
        }),
      });
    }
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const bytes = pushes[0]!.body.length;
    console.log(
      `${AGENTS} agents every ${DEFAULT_SAMPLE_INTERVAL_SECONDS} s = ${RATE.toFixed(1)} pushes/s of ${bytes} bytes (${t.app.database.dialect})`,
    );

    const stored = async () =>
      Number(
        (
          await db
            .selectFrom('latest_samples')
            .select(sql<number>`coalesce(sum(sample_count), 0)`.as('total'))
            .executeTakeFirstOrThrow()
        ).total,
      );
    // Each agent sample is one uptime_seconds sample in the metrics store.
    const inStore = () => countStored(db, 'uptime_seconds');
    const ingest = (rate: number | null, seconds: number) =>
      load({
        url: `${origin}${AGENT_SAMPLES_PATH}`,
        method: 'POST',
        requests: pushes,
        rate,
        concurrency: CAPACITY_CONCURRENCY,
        seconds,
      });

    await ingest(RATE, 3);
    // Ingest and the baseline alternate in short rounds, so that a noisy neighbour on the
    // machine (a busy CPU stalls the loop too) hurts both alike.
    const baseline = newPhase();
    const measured = newPhase();
    const before = await stored();
    const storeBefore = await inStore();
    for (let round = 0; round < ROUNDS; round += 1) {
      await watch(baseline, () =>
        load({
          url: `${origin}${HEALTH_PATH}`,
          method: 'GET',
          requests: [{}],
          rate: RATE,
          concurrency: 1,
          seconds: MEASURE_S / ROUNDS,
        }),
      );
      await watch(measured, () => ingest(RATE, MEASURE_S / ROUNDS));
    }
    const storedDuring = (await stored()) - before;
    const storeDuring = (await inStore()) - storeBefore;

    const capacity = await ingest(null, CAPACITY_S);

    const p99 = percentile(measured.latencies, 99);
    const baseP99 = percentile(baseline.latencies, 99);
    const capacityRate = capacity.ok / capacity.seconds;
    console.log(
      `ingest at ${RATE.toFixed(1)}/s: ${(measured.acknowledged / measured.seconds).toFixed(1)} samples/s, ` +
        `p50 ${percentile(measured.latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ${measured.failed} failed`,
    );
    console.log(`baseline GET /healthz at the same rate: p99 ${baseP99.toFixed(1)} ms`);
    console.log(`ratio p99 ingest/baseline: ${(p99 / Math.max(baseP99, 0.1)).toFixed(2)}`);
    console.log(
      `event loop, ingest: longest stall ${measured.longestStall.toFixed(0)} ms, ${measured.stalls} over 100 ms ` +
        `(target: none: ${measured.stalls === 0 ? 'met' : 'MISSED'}); ` +
        `baseline: longest ${baseline.longestStall.toFixed(0)} ms, ${baseline.stalls} over 100 ms`,
    );
    console.log(
      `acknowledged ${measured.acknowledged} = counted in latest_samples ${storedDuring}: ${measured.acknowledged === storedDuring ? 'yes' : 'NO'}; ` +
        `= samples in the metrics store ${storeDuring}: ${measured.acknowledged === storeDuring ? 'yes' : 'NO'}`,
    );
    console.log(`capacity phase: ${capacity.failed} failed`);
    console.log(
      `capacity: ${capacityRate.toFixed(0)} pushes/s at ${CAPACITY_CONCURRENCY} in flight, ` +
        `${(capacityRate / RATE).toFixed(1)}× the load asked for ` +
        `(≈ ${Math.floor((capacityRate * DEFAULT_SAMPLE_INTERVAL_SECONDS) / 1000) * 1000} servers at one push per 15 s)`,
    );
  } finally {
    await t.close();
  }
}
