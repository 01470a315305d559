import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_REGISTER_PATH,
  AGENT_SAMPLES_PATH,
  METRICS_NAMES_PATH,
  METRICS_QUERY_PATH,
  METRICS_STREAM_PATH,
  SCOPE_NOT_FOUND,
  TOKENS_PATH,
  type AgentSample,
  type MetricsQueryInput,
  type MetricsQueryResponse,
} from '@brezza/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { nowIso } from '../src/db/columns.js';
import { markHierarchyChanged } from '../src/modules/hierarchy/repository.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';
import { buildRegistration, buildSample } from './helpers/agent.js';
import { openStream } from './helpers/stream.js';

/** The telemetry API: names, range queries over the hierarchy, and the live stream. */

let t: TestApp;
let operator: Operator;
let stranger: Operator;
const agents: { token: string; serverId: number; machineId: string }[] = [];
let rackA: number;
let rackB: number;
let room: number;
let datacenter: number;
let foreignRack: number;
const now = Math.floor(Date.now() / 60_000) * 60_000;

async function registerAgent(app: FastifyInstance, owner: Operator, address: string) {
  const token = (
    await app.inject({ method: 'POST', url: TOKENS_PATH, headers: owner.headers })
  ).json<{ token: string }>().token;
  const registration = buildRegistration();
  const response = await app.inject({
    method: 'POST',
    url: AGENT_REGISTER_PATH,
    headers: { authorization: `Bearer ${token}` },
    payload: registration,
    remoteAddress: address,
  });
  return {
    token,
    serverId: response.json<{ serverId: number }>().serverId,
    machineId: registration.machineId,
  };
}

function push(app: FastifyInstance, agent: (typeof agents)[number], samples: AgentSample[]) {
  return app.inject({
    method: 'POST',
    url: AGENT_SAMPLES_PATH,
    headers: { authorization: `Bearer ${agent.token}` },
    payload: { machineId: agent.machineId, agentVersion: '0.1.0', samples },
  });
}

const query = (body: MetricsQueryInput | Record<string, unknown>, owner = operator) =>
  t.app.inject({
    method: 'POST',
    url: METRICS_QUERY_PATH,
    headers: owner.headers,
    payload: body as object,
  });

beforeAll(async () => {
  t = await buildTestApp();
  operator = await createOperator(t);
  stranger = await createOperator(t);
  const { db } = t.app.database;
  const at = nowIso();
  const org = operator.organisationId;
  datacenter = (
    await db
      .insertInto('datacenters')
      .values({
        organisation_id: org,
        name: 'DC1',
        location: 'Milan',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  room = (
    await db
      .insertInto('rooms')
      .values({
        organisation_id: org,
        name: 'Room 1',
        datacenter_id: datacenter,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  rackA = (
    await db
      .insertInto('racks')
      .values({ organisation_id: org, name: 'R-A', room_id: room, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  rackB = (
    await db
      .insertInto('racks')
      .values({ organisation_id: org, name: 'R-B', room_id: room, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  foreignRack = (
    await db
      .insertInto('racks')
      .values({
        organisation_id: stranger.organisationId,
        name: 'X',
        room_id: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  for (let i = 0; i < 3; i++)
    agents.push(await registerAgent(t.app, operator, `198.51.100.${i + 1}`));
  // Two servers in rack A, one in rack B.
  await db
    .updateTable('servers')
    .set({ rack_id: rackA })
    .where('id', 'in', [agents[0]!.serverId, agents[1]!.serverId])
    .execute();
  await db
    .updateTable('servers')
    .set({ rack_id: rackB })
    .where('id', '=', agents[2]!.serverId)
    .execute();
  await markHierarchyChanged(db, org);
  // Ten minutes of samples, one a minute: server i's power is 100 × (i + 1) W.
  for (const [i, agent] of agents.entries()) {
    const samples = Array.from({ length: 10 }, (_, m) =>
      buildSample({
        collectedAt: new Date(now - (10 - m) * 60_000 + 30_000).toISOString(),
        power: [{ source: 'rapl', domain: 'package-0', watts: 100 * (i + 1), energyJoules: null }],
      }),
    );
    expect((await push(t.app, agent, samples)).json()).toEqual({ accepted: 10 });
  }
});
afterAll(async () => {
  await t.close();
});

const range = { from: new Date(now - 10 * 60_000).toISOString(), to: now, stepSeconds: 60 };

describe('GET /api/metrics/names', () => {
  it("lists the organisation's metrics with units and help", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: METRICS_NAMES_PATH,
      headers: operator.headers,
    });
    expect(response.statusCode).toBe(200);
    const { metrics } = response.json<{
      metrics: { name: string; unit: string; help: string }[];
    }>();
    expect(metrics.find((m) => m.name === 'power_watts')).toMatchObject({ unit: 'W' });
    expect(metrics.find((m) => m.name === 'cpu_usage_ratio')).toMatchObject({ unit: 'ratio' });
    const other = await t.app.inject({
      method: 'GET',
      url: METRICS_NAMES_PATH,
      headers: stranger.headers,
    });
    expect(other.json()).toEqual({ metrics: [] });
  });

  it('needs a signed-in operator', async () => {
    expect((await t.app.inject({ method: 'GET', url: METRICS_NAMES_PATH })).statusCode).toBe(401);
  });
});

describe('POST /api/metrics/query', () => {
  it('sums power over the organisation, per step', async () => {
    const response = await query({
      metric: 'power_watts',
      scope: { type: 'organisation' },
      aggregate: 'sum',
      ...range,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<MetricsQueryResponse>();
    expect(body.unit).toBe('W');
    expect(body.series).toHaveLength(1);
    expect(body.series[0]!.labels).toEqual({});
    expect(body.series[0]!.points).toHaveLength(10);
    expect(body.series[0]!.points.every(([, value]) => value === 600)).toBe(true);
    expect(body.series[0]!.points[0]![0]).toBe(now - 10 * 60_000);
  });

  it('groups by rack and by server along the current hierarchy', async () => {
    const byRack = (
      await query({
        metric: 'power_watts',
        scope: { type: 'room', id: room },
        aggregate: 'sum',
        groupBy: 'rack',
        ...range,
      })
    ).json<MetricsQueryResponse>();
    const racks = Object.fromEntries(
      byRack.series.map((s) => [s.labels.rackName, s.points[0]![1]]),
    );
    expect(racks).toEqual({ 'R-A': 300, 'R-B': 300 });
    const byServer = (
      await query({
        metric: 'power_watts',
        scope: { type: 'rack', id: rackA },
        aggregate: 'max',
        groupBy: 'server',
        ...range,
      })
    ).json<MetricsQueryResponse>();
    expect(byServer.series.map((s) => Number(s.labels.server)).sort()).toEqual(
      [agents[0]!.serverId, agents[1]!.serverId].sort(),
    );
    const average = (
      await query({
        metric: 'power_watts',
        scope: { type: 'datacenter', id: datacenter },
        aggregate: 'avg',
        ...range,
      })
    ).json<MetricsQueryResponse>();
    expect(average.series[0]!.points[0]![1]).toBe(200);
    const one = (
      await query({
        metric: 'power_watts',
        scope: { type: 'server', id: agents[2]!.serverId },
        aggregate: 'min',
        from: now - 600_000,
        to: now,
        stepSeconds: 600,
      })
    ).json<MetricsQueryResponse>();
    // Steps are aligned to the epoch: the range's first step starts at or before `from`.
    expect(one.series[0]!.points[0]![0]).toBe(Math.floor((now - 600_000) / 600_000) * 600_000);
    expect(one.series[0]!.points.every(([, value]) => value === 300)).toBe(true);
  });

  it("answers 404 for another organisation's scope", async () => {
    const cases = [
      [{ type: 'rack', id: foreignRack }, operator],
      [{ type: 'server', id: agents[0]!.serverId }, stranger],
      [{ type: 'room', id: room }, stranger],
    ] as const;
    for (const [scope, caller] of cases) {
      const response = await query(
        { metric: 'power_watts', scope, aggregate: 'sum', ...range },
        caller,
      );
      expect(response.statusCode, JSON.stringify(scope)).toBe(404);
      expect(response.json()).toEqual({ error: SCOPE_NOT_FOUND });
    }
  });

  it('answers 400 with a message for bad input', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...range, scope: { type: 'organisation' }, aggregate: 'sum' }, /metric/],
      [{ ...range, metric: 'Power!', scope: { type: 'organisation' }, aggregate: 'sum' }, /metric/],
      [{ ...range, metric: 'power_watts', scope: { type: 'rack' }, aggregate: 'sum' }, /scope.id/],
      [
        { ...range, metric: 'power_watts', scope: { type: 'planet', id: 1 }, aggregate: 'sum' },
        /scope.type/,
      ],
      [
        { ...range, metric: 'power_watts', scope: { type: 'organisation' }, aggregate: 'median' },
        /aggregate/,
      ],
      [
        {
          ...range,
          metric: 'power_watts',
          scope: { type: 'organisation' },
          aggregate: 'sum',
          groupBy: 'row',
        },
        /groupBy/,
      ],
      [
        {
          ...range,
          metric: 'power_watts',
          scope: { type: 'organisation' },
          aggregate: 'sum',
          from: 'yesterday',
        },
        /from/,
      ],
      [
        {
          ...range,
          metric: 'power_watts',
          scope: { type: 'organisation' },
          aggregate: 'sum',
          to: 0,
        },
        /to/,
      ],
      [
        {
          ...range,
          metric: 'power_watts',
          scope: { type: 'organisation' },
          aggregate: 'sum',
          stepSeconds: 0,
        },
        /stepSeconds/,
      ],
      [
        {
          ...range,
          metric: 'power_watts',
          scope: { type: 'organisation' },
          aggregate: 'sum',
          stepSeconds: 1,
          from: 0,
        },
        /stepSeconds/,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await query(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(message);
    }
  });
});

describe('GET /api/metrics/stream', () => {
  it('streams new samples of the devices and metrics asked for, to their organisation only', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const mine = await openStream(
      base,
      operator,
      `?devices=${agents[0]!.serverId}&metrics=power_watts,load1`,
    );
    const theirs = await openStream(base, stranger, '');
    try {
      expect(mine.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(await mine.ready()).toBe(true);
      expect(await theirs.ready()).toBe(true);
      const at = Date.now();
      await push(t.app, agents[1]!, [buildSample()]);
      await push(t.app, agents[0]!, [
        buildSample({
          collectedAt: new Date(at).toISOString(),
          power: [{ source: 'rapl', domain: 'package-0', watts: 123.45, energyJoules: null }],
        }),
      ]);
      expect(await mine.until(() => mine.received.length >= 2)).toBe(true);
      expect(mine.received.every((s) => s.deviceId === agents[0]!.serverId)).toBe(true);
      expect(mine.received.map((s) => s.metric).sort()).toEqual(['load1', 'power_watts']);
      expect(mine.received.find((s) => s.metric === 'power_watts')).toMatchObject({
        labels: { source: 'rapl', domain: 'package-0' },
        v: 123.45,
        t: Date.parse(new Date(at).toISOString()),
      });
      expect(theirs.received).toEqual([]);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it("answers 404 for another organisation's device and 400 for a bad list", async () => {
    const foreign = await t.app.inject({
      method: 'GET',
      url: `${METRICS_STREAM_PATH}?devices=${agents[0]!.serverId}`,
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${METRICS_STREAM_PATH}?devices=a,b`,
      headers: operator.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

// Live updates reach browsers connected to another instance: PostgreSQL LISTEN/NOTIFY.
describe.skipIf(!process.env.TEST_DATABASE_URL)('live stream across two instances', () => {
  it('delivers a sample pushed to one instance to a stream on the other', async () => {
    const second = await buildApp({ config: t.config });
    try {
      await second.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(second.server.address() as { port: number }).port}`;
      const stream = await openStream(
        base,
        operator,
        `?devices=${agents[2]!.serverId}&metrics=load1`,
      );
      try {
        expect(await stream.ready()).toBe(true);
        await push(t.app, agents[2]!, [
          buildSample({ load: { load1: 7.25, load5: 1, load15: 1 } }),
        ]);
        expect(await stream.until(() => stream.received.length > 0)).toBe(true);
        expect(stream.received[0]).toMatchObject({ metric: 'load1', v: 7.25 });
      } finally {
        await stream.close();
      }
    } finally {
      await second.close();
    }
  });
});
