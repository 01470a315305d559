import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_REGISTER_PATH,
  AGENT_SAMPLES_PATH,
  DATACENTERS_PATH,
  RACKS_PATH,
  ROOMS_PATH,
  rackNotFoundWarning,
  APP_TOKEN_BOUND_ELSEWHERE,
  APP_TOKEN_EXPIRED,
  APP_TOKEN_INVALID,
  APP_TOKEN_NOT_REGISTERED,
  APP_TOKEN_PREFIX,
  SERVERS_PATH,
  TOKENS_PATH,
  serverPath,
} from '@brezza/contract';
import { createOnboardingService } from '../src/modules/onboarding/service.js';
import { createEngine } from '../src/modules/telemetry/store/embedded/engine.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';
import { buildRegistration, buildSample, machineId } from './helpers/agent.js';
import { hashSecret } from '../src/lib/secrets.js';

/** App tokens from the operator's POST /api/tokens to the agent's registration and pushes. */

let t: TestApp;
let operator: Operator;

beforeAll(async () => {
  t = await buildTestApp();
  operator = await createOperator(t);
});
afterAll(async () => {
  await t.close();
});

async function newToken(owner: Operator = operator): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: TOKENS_PATH, headers: owner.headers });
  expect(response.statusCode).toBe(201);
  return response.json<{ token: string }>().token;
}

// Registrations are rate limited per address: each call comes from another one unless told.
let addressSequence = 0;
const nextAddress = () => `203.0.113.${(addressSequence += 1) % 250}`;

function register(token: string, body = buildRegistration(), remoteAddress = nextAddress()) {
  return t.app.inject({
    method: 'POST',
    url: AGENT_REGISTER_PATH,
    headers: { authorization: `Bearer ${token}` },
    payload: body,
    remoteAddress,
  });
}

function push(token: string, payload: unknown, remoteAddress = '203.0.113.7') {
  return t.app.inject({
    method: 'POST',
    url: AGENT_SAMPLES_PATH,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
    remoteAddress,
  });
}

const tokenRow = (token: string) =>
  t.app.database.db
    .selectFrom('app_tokens')
    .selectAll()
    .where('token_hash', '=', hashSecret(token))
    .executeTakeFirstOrThrow();

const serverRow = (id: number) =>
  t.app.database.db
    .selectFrom('servers')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('POST /api/tokens', () => {
  it('needs a signed-in operator', async () => {
    const response = await t.app.inject({ method: 'POST', url: TOKENS_PATH });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('error');
  });

  it('answers a fresh random token once and stores only its hash, with owner and expiry', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: TOKENS_PATH,
      headers: operator.headers,
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { token, expiresAt } = response.json<{ token: string; expiresAt: string }>();
    expect(token.startsWith(APP_TOKEN_PREFIX)).toBe(true);
    // At least 128 random bits: 24 bytes of base64url is 32 characters after the prefix.
    expect(token.slice(APP_TOKEN_PREFIX.length)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await newToken()).not.toBe(token);

    const row = await tokenRow(token);
    expect(row.token_hash).not.toContain(token);
    expect(row.organisation_id).toBe(operator.organisationId);
    expect(row.created_by).toBe(operator.userId);
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(24 * 3_600_000);
    expect(row.expires_at).toBe(expiresAt);
    expect(row.bound_machine_id).toBeNull();
  });
});

describe('registration', () => {
  it('creates the server with what the agent and the connection tell', async () => {
    const token = await newToken();
    const body = buildRegistration({ serverName: 'brave-otter-7', hostName: 'node-7' });
    const response = await register(token, body, '198.51.100.23');
    expect(response.statusCode).toBe(200);
    const { serverId, serverName } = response.json<{ serverId: number; serverName: string }>();
    expect(serverName).toBe('brave-otter-7');

    const server = await serverRow(serverId);
    expect(server).toMatchObject({
      organisation_id: operator.organisationId,
      server_name: 'brave-otter-7',
      machine_id: body.machineId,
      public_ipv4: '198.51.100.23',
      host_name: 'node-7',
      agent_version: body.agentVersion,
      rack_id: null,
    });
    expect(server.last_seen_at).not.toBeNull();
    const row = await tokenRow(token);
    expect(row).toMatchObject({ bound_machine_id: body.machineId, server_id: serverId });
    expect(row.first_used_at).not.toBeNull();

    const list = await t.app.inject({
      method: 'GET',
      url: SERVERS_PATH,
      headers: operator.headers,
    });
    expect(list.json().servers).toContainEqual(
      expect.objectContaining({
        id: serverId,
        machineId: body.machineId,
        publicIpv4: '198.51.100.23',
      }),
    );
  });

  it('is idempotent on the same machine: the same server, never a second one', async () => {
    const token = await newToken();
    const body = buildRegistration();
    const first = (await register(token, body)).json<{ serverId: number }>();
    const again = await register(token, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().serverId).toBe(first.serverId);
    const rows = await t.app.database.db
      .selectFrom('servers')
      .select('id')
      .where('machine_id', '=', body.machineId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 409 when another machine presents a bound token', async () => {
    const token = await newToken();
    await register(token, buildRegistration());
    const other = await register(token, buildRegistration());
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ error: APP_TOKEN_BOUND_ELSEWHERE });
  });

  it('refuses an unused token after 24 hours, but a bound one keeps working', async () => {
    const unused = await newToken();
    const bound = await newToken();
    const body = buildRegistration();
    expect((await register(bound, body)).statusCode).toBe(200);
    const past = new Date(Date.now() - 1000).toISOString();
    await t.app.database.db
      .updateTable('app_tokens')
      .set({ expires_at: past })
      .where('token_hash', 'in', [hashSecret(unused), hashSecret(bound)])
      .execute();

    const expired = await register(unused, buildRegistration());
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: APP_TOKEN_EXPIRED });
    expect((await tokenRow(unused)).bound_machine_id).toBeNull();

    expect((await register(bound, body)).statusCode).toBe(200);
    expect((await push(bound, { ...pushBody(body.machineId) })).statusCode).toBe(200);
  });

  it('refuses unknown tokens and requests without one', async () => {
    const unknown = await register(`${APP_TOKEN_PREFIX}${'x'.repeat(32)}`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: APP_TOKEN_INVALID });
    const none = await t.app.inject({
      method: 'POST',
      url: AGENT_REGISTER_PATH,
      payload: buildRegistration(),
    });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
  });

  it('renames the server when the config name changes, and only then', async () => {
    const token = await newToken();
    const body = buildRegistration({ serverName: 'first-name-1' });
    const { serverId } = (await register(token, body)).json<{ serverId: number }>();

    const renamed = await register(token, { ...body, serverName: 'second-name-2' });
    expect(renamed.json().serverName).toBe('second-name-2');
    expect((await serverRow(serverId)).server_name).toBe('second-name-2');

    // A rename in the web app survives a restart of an agent whose config did not change.
    const edit = await t.app.inject({
      method: 'PUT',
      url: serverPath(serverId),
      headers: operator.headers,
      payload: { serverName: 'named-in-the-ui' },
    });
    expect(edit.statusCode).toBe(200);
    const restart = await register(token, { ...body, serverName: 'second-name-2' });
    expect(restart.json().serverName).toBe('named-in-the-ui');
    expect((await serverRow(serverId)).server_name).toBe('named-in-the-ui');
  });

  it('keeps one server per machine when a new token is used on it', async () => {
    const body = buildRegistration({ serverName: 'reinstalled-1' });
    const first = (await register(await newToken(), body)).json<{ serverId: number }>();
    const second = await register(await newToken(), { ...body, serverName: 'reinstalled-2' });
    expect(second.json()).toEqual({ serverId: first.serverId, serverName: 'reinstalled-2' });
  });

  it('places the server in the rack --rack names, by path or id, or warns and leaves it unassigned', async () => {
    const owner = await createOperator(t);
    const post = async (path: string, body: object) =>
      (
        await t.app.inject({ method: 'POST', url: path, headers: owner.headers, payload: body })
      ).json<{ id: number }>();
    const dc = await post(DATACENTERS_PATH, { name: 'Milan North', location: 'Milan' });
    const room = await post(ROOMS_PATH, { name: 'Hall A', datacenterId: dc.id });
    const rack = await post(RACKS_PATH, { name: 'A-01', roomId: room.id });
    const lone = await post(RACKS_PATH, { name: 'Mobile Rack' });
    const rackOf = async (serverId: number) =>
      (
        await t.app.database.db
          .selectFrom('servers')
          .select('rack_id')
          .where('id', '=', serverId)
          .executeTakeFirstOrThrow()
      ).rack_id;

    const byPath = await register(
      await newToken(owner),
      buildRegistration({ rack: 'milan north/Hall A /A-01' }),
    );
    // Names are matched as written: this case differs, so no rack is found.
    expect(byPath.json()).toMatchObject({
      warning: rackNotFoundWarning('milan north/Hall A /A-01'),
    });
    expect(await rackOf(byPath.json().serverId)).toBeNull();

    const placed = await register(
      await newToken(owner),
      buildRegistration({ rack: 'Milan North/Hall A/ A-01' }),
    );
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ rack: 'Milan North / Hall A / A-01' });
    expect(placed.json()).not.toHaveProperty('warning');
    expect(await rackOf(placed.json().serverId)).toBe(rack.id);
    const listed = await t.app.inject({ method: 'GET', url: SERVERS_PATH, headers: owner.headers });
    expect(listed.json().servers).toContainEqual(
      expect.objectContaining({ id: placed.json().serverId, rackName: 'A-01', roomName: 'Hall A' }),
    );

    const byId = await register(
      await newToken(owner),
      buildRegistration({ rack: String(lone.id) }),
    );
    expect(byId.json()).toMatchObject({ rack: 'Mobile Rack' });
    expect(await rackOf(byId.json().serverId)).toBe(lone.id);
    // Another organisation's rack id is no rack at all.
    const other = await register(await newToken(), buildRegistration({ rack: String(lone.id) }));
    expect(other.json()).toMatchObject({ warning: rackNotFoundWarning(String(lone.id)) });
    expect(await rackOf(other.json().serverId)).toBeNull();
  });

  it('answers 400 naming the field for a bad registration', async () => {
    const token = await newToken();
    const cases: [unknown, RegExp][] = [
      [{ ...buildRegistration(), serverName: '   ' }, /Server name is required/],
      [{ ...buildRegistration(), machineId: 'not a machine id' }, /machineId/],
      [{ ...buildRegistration(), addresses: 'x' }, /addresses/],
      [[], /JSON object/],
    ];
    for (const [payload, message] of cases) {
      const response = await register(token, payload as ReturnType<typeof buildRegistration>);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(message);
    }
    expect((await tokenRow(token)).bound_machine_id).toBeNull();
  });

  it('rate limits registrations from one address', async () => {
    const token = `${APP_TOKEN_PREFIX}${'y'.repeat(32)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      statuses.push((await register(token, buildRegistration(), '192.0.2.250')).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    const limited = await register(token, buildRegistration(), '192.0.2.250');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/Too many requests/);
  });
});

function pushBody(id: string, samples = [buildSample()]) {
  return { machineId: id, agentVersion: '0.1.0', samples };
}

describe('samples', () => {
  let token: string;
  let serverId: number;
  let id: string;

  beforeAll(async () => {
    token = await newToken();
    const body = buildRegistration();
    id = body.machineId;
    serverId = (await register(token, body)).json<{ serverId: number }>().serverId;
  });

  it('stores the newest sample, counts every acknowledged one and marks the server seen', async () => {
    const base = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    const older = buildSample({ collectedAt: new Date(base).toISOString(), uptimeSeconds: 1 });
    const newer = buildSample({
      collectedAt: new Date(base + 15_000).toISOString(),
      uptimeSeconds: 2,
    });
    const response = await push(token, pushBody(id, [newer, older]), '198.51.100.99');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 2 });
    // A late buffered sample does not replace a newer one.
    expect((await push(token, pushBody(id, [older]), '198.51.100.98')).json()).toEqual({
      accepted: 1,
    });

    const stored = await t.app.database.db
      .selectFrom('latest_samples')
      .selectAll()
      .where('server_id', '=', serverId)
      .executeTakeFirstOrThrow();
    expect(stored.sample_count).toBe(3);
    expect(stored.collected_at).toBe(newer.collectedAt);
    expect(JSON.parse(stored.payload).uptimeSeconds).toBe(2);
    const server = await serverRow(serverId);
    expect(server.public_ipv4).toBe('198.51.100.98');
    expect(server.agent_version).toBe('0.1.0');
  });

  it('stores every sample of a push and does not accept one past the raw retention', async () => {
    const now = Math.floor(Date.now() / 1000) * 1000;
    // Before the other tests' samples (the last minute), in the past ten minutes.
    const samples = Array.from({ length: 20 }, (_, i) =>
      buildSample({
        collectedAt: new Date(now - 600_000 + i * 15_000).toISOString(),
        uptimeSeconds: i,
      }),
    );
    expect((await push(token, pushBody(id, samples))).json()).toEqual({ accepted: 20 });
    // The app's store is inside the modules' scope; the same engine reads its tables here.
    const engine = createEngine({
      dialect: t.app.database.dialect,
      retention: t.config.metrics.retention,
    });
    const { series } = await engine.queryRange(
      t.app.database.db,
      {
        organisationId: operator.organisationId,
        metric: 'uptime_seconds',
        deviceIds: [serverId],
        fromMs: now - 600_000,
        toMs: now - 300_000,
        stepMs: 1000,
        aggregate: 'avg',
      },
      now,
    );
    expect(series[0]!.points.map(([, value]) => value)).toEqual(samples.map((_, i) => i));

    const ancient = buildSample({ collectedAt: new Date(now - 49 * 3_600_000).toISOString() });
    expect((await push(token, pushBody(id, [ancient, buildSample()]))).json()).toEqual({
      accepted: 1,
    });
  });

  it('answers 4xx, never 5xx, to bad and oversized pushes', async () => {
    const cases: [() => Promise<{ statusCode: number }>, number][] = [
      [() => push(token, { ...pushBody(id), samples: [] }), 400],
      [() => push(token, { ...pushBody(id), samples: Array(21).fill(buildSample()) }), 400],
      [() => push(token, { ...pushBody(id), samples: [{ collectedAt: 'yesterday' }] }), 400],
      [() => push(token, pushBody(id, [buildSample({ cpu: { count: 2, usageRatio: 7 } })])), 400],
      [() => push(token, { samples: [buildSample()] }), 400],
      [
        () =>
          t.app.inject({
            method: 'POST',
            url: AGENT_SAMPLES_PATH,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            payload: '"a string, not an object"',
          }),
        400,
      ],
      [
        () =>
          t.app.inject({
            method: 'POST',
            url: AGENT_SAMPLES_PATH,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            payload: '{"machineId": ',
          }),
        400,
      ],
      [
        () =>
          t.app.inject({
            method: 'POST',
            url: AGENT_SAMPLES_PATH,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            payload: JSON.stringify({ ...pushBody(id), padding: 'x'.repeat(600 * 1024) }),
          }),
        413,
      ],
      [
        () =>
          t.app.inject({
            method: 'POST',
            url: AGENT_SAMPLES_PATH,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
            payload: '<samples/>',
          }),
        415,
      ],
    ];
    for (const [send, status] of cases) {
      const response = (await send()) as { statusCode: number; json(): unknown };
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('refuses pushes from another machine, unregistered tokens and revoked tokens', async () => {
    const otherMachine = await push(token, pushBody(machineId()));
    expect(otherMachine.statusCode).toBe(409);

    const unused = await newToken();
    const unregistered = await push(unused, pushBody(id));
    expect(unregistered.statusCode).toBe(401);
    expect(unregistered.json()).toEqual({ error: APP_TOKEN_NOT_REGISTERED });

    const revocable = await newToken();
    const body = buildRegistration();
    await register(revocable, body);
    expect((await push(revocable, pushBody(body.machineId))).statusCode).toBe(200);
    const service = createOnboardingService({ db: t.app.database.db });
    const result = await service.revoke({ token: revocable });
    expect(result).toMatchObject({ found: true, alreadyRevoked: false });
    const afterRevoke = await push(revocable, pushBody(body.machineId));
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.json()).toEqual({ error: APP_TOKEN_INVALID });
    expect((await register(revocable, body)).statusCode).toBe(401);
  });
});

describe('organisations are isolated', () => {
  it("keeps one organisation's tokens and servers away from another", async () => {
    const other = await createOperator(t);
    const theirToken = await newToken(other);
    const body = buildRegistration({ serverName: 'theirs-1' });
    const { serverId } = (await register(theirToken, body)).json<{ serverId: number }>();
    expect((await serverRow(serverId)).organisation_id).toBe(other.organisationId);

    const ours = await t.app.inject({
      method: 'GET',
      url: SERVERS_PATH,
      headers: operator.headers,
    });
    expect(ours.json().servers.map((s: { id: number }) => s.id)).not.toContain(serverId);
    const edit = await t.app.inject({
      method: 'PUT',
      url: serverPath(serverId),
      headers: operator.headers,
      payload: { serverName: 'stolen' },
    });
    expect(edit.statusCode).toBe(404);

    const service = createOnboardingService({ db: t.app.database.db });
    const listed = await service.list({ organisationId: operator.organisationId });
    expect(listed.every((row) => row.organisationId === operator.organisationId)).toBe(true);
    expect(listed.map((row) => row.serverId)).not.toContain(serverId);
  });
});

describe('trusted proxy', () => {
  it('takes the address from X-Forwarded-For only from a trusted proxy', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      const owner = await createOperator(proxied);
      const send = async (remoteAddress: string) => {
        const created = await proxied.app.inject({
          method: 'POST',
          url: TOKENS_PATH,
          headers: owner.headers,
        });
        const response = await proxied.app.inject({
          method: 'POST',
          url: AGENT_REGISTER_PATH,
          headers: {
            authorization: `Bearer ${created.json().token}`,
            'x-forwarded-for': '198.51.100.77',
          },
          payload: buildRegistration(),
          remoteAddress,
        });
        const id = response.json<{ serverId: number }>().serverId;
        return (
          await proxied.app.database.db
            .selectFrom('servers')
            .select('public_ipv4')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).public_ipv4;
      };
      expect(await send('10.1.2.3')).toBe('198.51.100.77');
      expect(await send('203.0.113.9')).toBe('203.0.113.9');
    } finally {
      await proxied.close();
    }
  });
});
