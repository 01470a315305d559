import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_REGISTER_PATH,
  AGENT_SAMPLES_PATH,
  APP_TOKEN_INVALID,
  organisationMetricsPath,
} from '@brezza/contract';
import { runAdmin } from './helpers/admin.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { testEnv } from './helpers/database.js';
import { createOperator, type Operator } from './helpers/auth.js';
import { buildRegistration, buildSample } from './helpers/agent.js';

/** Staff commands for app tokens and scrape tokens, on the same database as the running app. */

let t: TestApp;
let operator: Operator;
let env: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  operator = await createOperator(t);
  env = testEnv(t.database);
});
afterAll(async () => {
  await t.close();
});

const run = (...argv: string[]) => runAdmin(env, ...argv);

const agentCall = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });

describe('app token commands', () => {
  it('make a token for a user, list it by state and revoke it', async () => {
    const created = await run('create-app-token', '--email', operator.email);
    expect(created.code).toBe(0);
    const token = /^(brz_\S+)$/m.exec(created.out)?.[1];
    expect(token).toBeDefined();
    expect(created.out).toContain(
      `sudo ./brezza-agent --create-with-app-token ${token} --create-with-server-name <name>`,
    );

    let listing = await run('list-tokens', '--organisation', String(operator.organisationId));
    expect(listing.out).toMatch(/unused/);
    expect(listing.out).toContain(operator.email);
    expect(listing.out).not.toContain(token!);

    const body = buildRegistration({ serverName: 'listed-1' });
    const registered = await agentCall(AGENT_REGISTER_PATH, token!, body);
    expect(registered.statusCode).toBe(200);
    listing = await run('list-tokens');
    expect(listing.out).toMatch(new RegExp(`bound .*${body.machineId}.*listed-1`));
    const id = new RegExp(`^(\\d+) .*${body.machineId}`, 'm').exec(listing.out)?.[1];

    const revoked = await run('revoke-token', '--id', id!);
    expect(revoked).toMatchObject({ code: 0, out: `Revoked app token ${id}.` });
    const pushed = await agentCall(AGENT_SAMPLES_PATH, token!, {
      machineId: body.machineId,
      agentVersion: '0.1.0',
      samples: [buildSample()],
    });
    expect(pushed.statusCode).toBe(401);
    expect(pushed.json()).toEqual({ error: APP_TOKEN_INVALID });
    expect((await run('revoke-token', '--token', token!)).out).toMatch(/already revoked/);
    expect((await run('list-tokens')).out).toMatch(/revoked/);
  });

  it('answer usage and failure codes', async () => {
    expect((await run('revoke-token')).code).toBe(2);
    expect((await run('revoke-token', '--id', '1', '--token', 'x')).code).toBe(2);
    expect((await run('revoke-token', '--id', '99999')).code).toBe(1);
    expect((await run('create-app-token', '--email', 'nobody@example.com')).code).toBe(1);
  });
});

describe('scrape token commands', () => {
  it('make, list and revoke a scrape token, and refresh labels', async () => {
    const org = String(operator.organisationId);
    const created = await run(
      'create-scrape-token',
      '--organisation',
      org,
      '--note',
      'prometheus-1',
    );
    expect(created.code).toBe(0);
    const token = /^(brzs_\S+)$/m.exec(created.out)?.[1];
    expect(created.out).toContain(
      `http://localhost:3000${organisationMetricsPath(operator.organisationId)}`,
    );

    const scrape = () =>
      t.app.inject({
        method: 'GET',
        url: organisationMetricsPath(operator.organisationId),
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await scrape()).statusCode).toBe(200);

    const listing = await run('list-scrape-tokens', '--organisation', org);
    expect(listing.out).toMatch(/active .*prometheus-1/);
    const id = /^(\d+) /m.exec(listing.out.split('\n').slice(1).join('\n'))?.[1];

    const refreshed = await run('refresh-prometheus', '--organisation', org);
    expect(refreshed.out).toMatch(/Refreshed the labels of 1 server/);

    expect((await run('revoke-scrape-token', '--id', id!)).code).toBe(0);
    expect((await scrape()).statusCode).toBe(401);
    expect((await run('revoke-scrape-token', '--id', id!)).code).toBe(1);
    expect((await run('create-scrape-token', '--organisation', '99999')).code).toBe(1);
  });
});
