import autocannon from 'autocannon';
import Fastify from 'fastify';
import { SERVERS_PATH } from '@brezza/contract';
import { generateHierarchy } from '../src/modules/hierarchy/generate.js';
import { buildTestApp } from '../test/helpers/app.js';
import { createOperator } from '../test/helpers/auth.js';

/**
 * GET /api/servers with 10,000 servers through the whole stack (authentication, organisation
 * stamp, cached body, ETag) against a bare Fastify route sending the same bytes: DESIGN §8 says
 * serialisation is the cost, so the cached path should keep ≥ 0.8 of the bare rate. Also the
 * p99 latency of both at 50 connections, and the rate of 304 answers to a matching ETag.
 * SQLite by default; TEST_DATABASE_URL runs it on PostgreSQL.
 */
const SERVERS = 10_000;
const WARMUP_S = 3;
const MEASURE_S = 10;

interface Measured {
  rate: number;
  p99: number;
  bytes: number;
}

async function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  duration: number,
): Promise<Measured> {
  // One worker thread fires the requests, so that the server under test has the main thread.
  const result = await autocannon({ url, headers, connections, duration, workers: 1 });
  if (result.non2xx > 0 && !headers['if-none-match']) {
    throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  }
  return {
    rate: result.requests.average,
    p99: result.latency.p99,
    bytes: result.throughput.average,
  };
}

export async function run(): Promise<void> {
  const t = await buildTestApp({ LOG_LEVEL: 'silent' });
  const bare = Fastify({ logger: false });
  try {
    const operator = await createOperator(t, { organisationName: 'Bench' });
    await generateHierarchy(t.app.database.db, operator.organisationId, { servers: SERVERS });
    const fullUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });

    const first = await fetch(`${fullUrl}${SERVERS_PATH}`, { headers: operator.headers });
    const body = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get('etag') ?? '';
    bare.get(SERVERS_PATH, (_request, reply) =>
      reply.header('Content-Type', 'application/json; charset=utf-8').send(body),
    );
    const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
    console.log(
      `${SERVERS} servers: ${(body.length / 1024 / 1024).toFixed(2)} MB per list (${t.app.database.dialect})`,
    );

    const full = (connections: number, duration: number, extra: Record<string, string> = {}) =>
      load(`${fullUrl}${SERVERS_PATH}`, { ...operator.headers, ...extra }, connections, duration);
    const plain = (connections: number, duration: number) =>
      load(`${bareUrl}${SERVERS_PATH}`, {}, connections, duration);

    await full(10, WARMUP_S);
    await plain(10, WARMUP_S);
    // Alternate, so that a noisy neighbour on the machine hurts both sides alike.
    const fullRates: number[] = [];
    const bareRates: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      fullRates.push((await full(10, MEASURE_S / 2)).rate);
      bareRates.push((await plain(10, MEASURE_S / 2)).rate);
    }
    const fullRate = fullRates.reduce((a, b) => a + b) / fullRates.length;
    const bareRate = bareRates.reduce((a, b) => a + b) / bareRates.length;
    const full50 = await full(50, MEASURE_S / 2);
    const bare50 = await plain(50, MEASURE_S / 2);
    const notModified = await full(10, MEASURE_S / 2, { 'if-none-match': etag });

    console.log(`full stack     ${fullRate.toFixed(0).padStart(6)} req/s (10 connections)`);
    console.log(`bare Fastify   ${bareRate.toFixed(0).padStart(6)} req/s (10 connections)`);
    console.log(`ratio full/bare: ${(fullRate / bareRate).toFixed(2)} (target ≥ 0.80)`);
    console.log(
      `p99 at 50 connections: full ${full50.p99} ms, bare ${bare50.p99} ms (ratio ${(full50.p99 / Math.max(bare50.p99, 1)).toFixed(2)})`,
    );
    console.log(`304 with a matching ETag: ${notModified.rate.toFixed(0)} req/s`);
  } finally {
    await bare.close();
    await t.close();
  }
}
