import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_REGISTER_PATH,
  AGENT_SAMPLES_PATH,
  METRICS_QUERY_PATH,
  TOKENS_PATH,
  type MetricsQueryResponse,
} from '@brezza/contract';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';
import { buildRegistration, buildSample } from './helpers/agent.js';
import {
  missingBinary,
  startVictoriaMetrics,
  type RemoteBackend,
} from './helpers/metrics-backends.js';
import { openStream } from './helpers/stream.js';

/**
 * The app with METRICS_* pointing at a local VictoriaMetrics (issue 11, "the same with
 * METRICS_* pointing at a local VictoriaMetrics"): an agent's push goes to VictoriaMetrics by
 * remote write, reaches a browser's live stream, and comes back from the query API by PromQL.
 */
const skip = process.env.TEST_DATABASE_URL
  ? 'runs in the SQLite pass only (the samples do not go to the database)'
  : missingBinary('victoria-metrics');

describe.skipIf(skip !== null)('telemetry on VictoriaMetrics', () => {
  let vm: RemoteBackend;
  let t: TestApp;
  let operator: Operator;

  beforeAll(async () => {
    vm = await startVictoriaMetrics();
    t = await buildTestApp({
      METRICS_REMOTE_WRITE_URL: vm.writeUrl,
      METRICS_QUERY_URL: vm.queryUrl,
    });
    operator = await createOperator(t);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await vm?.stop();
  });

  it('streams an agent sample live and answers it from the query API', async () => {
    const token = (
      await t.app.inject({ method: 'POST', url: TOKENS_PATH, headers: operator.headers })
    ).json<{ token: string }>().token;
    const registration = buildRegistration();
    const { serverId } = (
      await t.app.inject({
        method: 'POST',
        url: AGENT_REGISTER_PATH,
        headers: { authorization: `Bearer ${token}` },
        payload: registration,
      })
    ).json<{ serverId: number }>();

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const stream = await openStream(base, operator, `?devices=${serverId}&metrics=power_watts`);
    try {
      expect(await stream.ready()).toBe(true);
      const at = Math.floor(Date.now() / 1000) * 1000;
      const pushed = await t.app.inject({
        method: 'POST',
        url: AGENT_SAMPLES_PATH,
        headers: { authorization: `Bearer ${token}` },
        payload: {
          machineId: registration.machineId,
          agentVersion: '0.1.0',
          samples: [
            buildSample({
              collectedAt: new Date(at).toISOString(),
              power: [{ source: 'rapl', domain: 'package-0', watts: 87.5, energyJoules: null }],
            }),
          ],
        },
      });
      expect(pushed.json()).toEqual({ accepted: 1 });
      expect(await stream.until(() => stream.received.length > 0)).toBe(true);
      expect(stream.received[0]).toMatchObject({
        deviceId: serverId,
        metric: 'power_watts',
        t: at,
        v: 87.5,
      });
    } finally {
      await stream.close();
    }

    await vm.settle();
    const response = await t.app.inject({
      method: 'POST',
      url: METRICS_QUERY_PATH,
      headers: operator.headers,
      payload: {
        metric: 'power_watts',
        scope: { type: 'server', id: serverId },
        aggregate: 'avg',
        from: Date.now() - 10 * 60_000,
        to: Date.now() + 60_000,
        stepSeconds: 60,
      },
    });
    expect(response.statusCode).toBe(200);
    const points = response.json<MetricsQueryResponse>().series.flatMap((s) => s.points);
    expect(points.map(([, value]) => value)).toContain(87.5);
  }, 60_000);
});
