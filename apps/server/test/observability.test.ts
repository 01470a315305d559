import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_REGISTER_PATH,
  AGENT_SAMPLES_PATH,
  ORGANISATION_PATH,
  SAMPLE_STALE_AFTER_SECONDS,
  SERVER_PRESENCE_PATH,
  TOKENS_PATH,
  indexPresence,
  serverPresenceSchema,
} from '@brezza/contract';
import { createDemoRepository } from '../src/modules/demo/repository.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';
import { buildRegistration, buildSample } from './helpers/agent.js';

/** What the observability and Devices pages read besides the metrics API. */

let t: TestApp;
let operator: Operator;
let other: Operator;

beforeAll(async () => {
  t = await buildTestApp();
  operator = await createOperator(t);
  other = await createOperator(t);
});
afterAll(async () => {
  await t.close();
});

async function registeredAgent(owner: Operator) {
  const created = await t.app.inject({ method: 'POST', url: TOKENS_PATH, headers: owner.headers });
  const { token } = created.json<{ token: string }>();
  const registration = buildRegistration();
  const registered = await t.app.inject({
    method: 'POST',
    url: AGENT_REGISTER_PATH,
    headers: { authorization: `Bearer ${token}` },
    payload: registration,
    remoteAddress: '203.0.113.40',
  });
  expect(registered.statusCode).toBe(200);
  return { token, machineId: registration.machineId, serverId: registered.json().serverId };
}

describe('GET /api/organisation', () => {
  it('names the caller’s organisation and says it is not the demo', async () => {
    const response = await t.app.inject({ url: ORGANISATION_PATH, headers: operator.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: operator.organisationId,
      name: expect.any(String),
      demo: false,
    });
  });

  it('flags the seeded demo organisation', async () => {
    const demoId = await createDemoRepository(t.app.database.db).demoOrganisationId();
    expect(demoId).toBeDefined();
    const demoOperator = await createOperator(t, { organisationId: demoId! });
    const response = await t.app.inject({ url: ORGANISATION_PATH, headers: demoOperator.headers });
    expect(response.json()).toMatchObject({ id: demoId, name: 'Demo Organisation', demo: true });
  });

  it('needs a signed-in operator', async () => {
    expect((await t.app.inject({ url: ORGANISATION_PATH })).statusCode).toBe(401);
  });
});

describe('GET /api/server-presence', () => {
  it('lists the organisation’s servers that sent a sample, with when', async () => {
    const agent = await registeredAgent(operator);
    const pushed = await t.app.inject({
      method: 'POST',
      url: AGENT_SAMPLES_PATH,
      headers: { authorization: `Bearer ${agent.token}` },
      payload: { machineId: agent.machineId, agentVersion: '0.1.0', samples: [buildSample()] },
      remoteAddress: '203.0.113.40',
    });
    expect(pushed.statusCode).toBe(200);

    const response = await t.app.inject({ url: SERVER_PRESENCE_PATH, headers: operator.headers });
    expect(response.statusCode).toBe(200);
    const presence = serverPresenceSchema.parse(response.json());
    expect(presence.onlineWithinSeconds).toBe(SAMPLE_STALE_AFTER_SECONDS);
    expect(presence.servers.map((server) => server.id)).toEqual([agent.serverId]);
    expect(indexPresence(presence)(agent.serverId).online).toBe(true);

    // Another organisation sees none of it.
    const theirs = await t.app.inject({ url: SERVER_PRESENCE_PATH, headers: other.headers });
    expect(theirs.json().servers).toEqual([]);
  });
});

describe('indexPresence', () => {
  const presence = {
    checkedAt: '2026-11-23T12:00:00.000Z',
    onlineWithinSeconds: 300,
    servers: [
      { id: 1, lastSeenAt: '2026-11-23T11:56:00.000Z' },
      { id: 2, lastSeenAt: '2026-11-23T11:54:59.000Z' },
    ],
  };
  it('is online within the limit on the server’s clock, offline after it or never seen', () => {
    const status = indexPresence(presence);
    expect(status(1)).toEqual({ online: true, lastSeenAt: '2026-11-23T11:56:00.000Z' });
    expect(status(2).online).toBe(false);
    expect(status(3)).toEqual({ online: false, lastSeenAt: null });
  });
});
