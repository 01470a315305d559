import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GRAFANA_FAILED_ERROR, LINK_GRAFANA_PATH, linkGrafanaResultSchema } from '@brezza/contract';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';

interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/**
 * A stand-in for Grafana implementing just the HTTP API calls link-grafana makes, with the
 * answers Grafana gives (including its 404 and 409 cases), and a record of every request.
 */
function fakeGrafana() {
  const orgs = new Map<number, string>();
  const users = new Map<number, { login: string; email: string; name: string }>();
  const members = new Map<number, Set<number>>();
  const requests: RecordedRequest[] = [];
  let nextId = 100;
  let failWith: number | null = null;

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const findUser = (loginOrEmail: string) =>
    [...users].find(([, u]) => u.login === loginOrEmail || u.email === loginOrEmail)?.[0];
  const addMember = (orgId: number, userId: number) => {
    const set = members.get(userId) ?? new Set<number>();
    set.add(orgId);
    members.set(userId, set);
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://grafana.test');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      const method = req.method ?? 'GET';
      requests.push({
        method,
        path: `${url.pathname}${url.search}`,
        authorization: req.headers.authorization,
        body,
      });
      if (failWith !== null) return json(res, failWith, { message: 'Grafana is unwell' });
      const path = url.pathname;
      let match: RegExpExecArray | null;

      if (method === 'GET' && path === '/api/users/lookup') {
        const id = findUser(url.searchParams.get('loginOrEmail') ?? '');
        return id === undefined
          ? json(res, 404, { message: 'user not found' })
          : json(res, 200, { id, ...users.get(id) });
      }
      if (method === 'POST' && path === '/api/admin/users') {
        const { login, email, name, OrgId } = body as {
          login: string;
          email: string;
          name: string;
          OrgId: number;
        };
        if (findUser(login) !== undefined || findUser(email) !== undefined) {
          return json(res, 412, { message: 'user already exists' });
        }
        const id = ++nextId;
        users.set(id, { login, email, name });
        addMember(OrgId, id);
        return json(res, 200, { id, message: 'User created' });
      }
      if (method === 'GET' && (match = /^\/api\/orgs\/name\/(.+)$/.exec(path))) {
        const name = decodeURIComponent(match[1]!);
        const id = [...orgs].find(([, n]) => n === name)?.[0];
        return id === undefined
          ? json(res, 404, { message: 'Organization not found' })
          : json(res, 200, { id, name });
      }
      if (method === 'GET' && (match = /^\/api\/orgs\/(\d+)$/.exec(path))) {
        const id = Number(match[1]);
        return orgs.has(id)
          ? json(res, 200, { id, name: orgs.get(id) })
          : json(res, 404, { message: 'Organization not found' });
      }
      if (method === 'POST' && path === '/api/orgs') {
        const name = String((body as { name: string }).name);
        if ([...orgs.values()].includes(name)) {
          return json(res, 409, { message: 'Organization name taken' });
        }
        const id = ++nextId;
        orgs.set(id, name);
        return json(res, 200, { orgId: id, message: 'Organization created' });
      }
      if (method === 'GET' && (match = /^\/api\/users\/(\d+)\/orgs$/.exec(path))) {
        const orgIds = [...(members.get(Number(match[1])) ?? [])];
        return json(
          res,
          200,
          orgIds.map((orgId) => ({ orgId, name: orgs.get(orgId), role: 'Viewer' })),
        );
      }
      if (method === 'POST' && (match = /^\/api\/orgs\/(\d+)\/users$/.exec(path))) {
        const orgId = Number(match[1]);
        const userId = findUser(String((body as { loginOrEmail: string }).loginOrEmail));
        if (userId === undefined) return json(res, 404, { message: 'User not found' });
        if (members.get(userId)?.has(orgId)) {
          return json(res, 409, { message: 'User is already member of this organization' });
        }
        addMember(orgId, userId);
        return json(res, 200, { message: 'User added to organization', userId });
      }
      return json(res, 404, { message: 'Not found' });
    });
  });

  return {
    orgs,
    users,
    members,
    requests,
    failWith(status: number | null) {
      failWith = status;
    },
    addUser(email: string) {
      const id = ++nextId;
      users.set(id, { login: email, email, name: email });
      return id;
    },
    addOrg(name: string) {
      const id = ++nextId;
      orgs.set(id, name);
      return id;
    },
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('link-grafana against Grafana', () => {
  const grafana = fakeGrafana();
  let t: TestApp;

  beforeAll(async () => {
    const url = await grafana.start();
    t = await buildTestApp({ GRAFANA_URL: `${url}/`, GRAFANA_TOKEN: 'glsa_test_token' });
  });
  afterAll(async () => {
    await t.close();
    await grafana.stop();
  });
  beforeEach(() => {
    grafana.failWith(null);
    grafana.requests.length = 0;
  });

  const link = async (operator: Operator) => {
    const res = await t.app.inject({
      method: 'POST',
      url: LINK_GRAFANA_PATH,
      headers: operator.headers,
    });
    return { status: res.statusCode, body: res.json() as unknown };
  };
  const storedGrafanaOrgId = async (organisationId: number) =>
    (
      await t.app.database.db
        .selectFrom('organisations')
        .select('grafana_org_id')
        .where('id', '=', organisationId)
        .executeTakeFirstOrThrow()
    ).grafana_org_id;
  const writes = () => grafana.requests.filter((request) => request.method === 'POST');

  it('creates the Grafana organisation and the user on first link, answering 201', async () => {
    const operator = await createOperator(t, { organisationName: 'Gamma Cooling' });
    const { status, body } = await link(operator);

    expect(status).toBe(201);
    expect(linkGrafanaResultSchema.parse(body)).toEqual({
      linked: true,
      created: { organisation: true, user: true, membership: false },
    });
    const orgId = await storedGrafanaOrgId(operator.organisationId);
    expect(grafana.orgs.get(orgId!)).toBe('Gamma Cooling');
    const [userId] = [...grafana.users].find(([, u]) => u.email === operator.email)!;
    expect(grafana.members.get(userId)).toEqual(new Set([orgId]));
    const created = writes().find((request) => request.path === '/api/admin/users')!;
    expect(created.body).toMatchObject({
      email: operator.email,
      login: operator.email,
      OrgId: orgId,
    });
    expect(String((created.body as { password: string }).password).length).toBeGreaterThanOrEqual(
      24,
    );
    expect(grafana.requests.every((r) => r.authorization === 'Bearer glsa_test_token')).toBe(true);
  });

  it('answers 200 and writes nothing when everything already exists', async () => {
    const operator = await createOperator(t);
    expect((await link(operator)).status).toBe(201);
    grafana.requests.length = 0;

    const again = await link(operator);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      linked: true,
      created: { organisation: false, user: false, membership: false },
    });
    expect(writes()).toEqual([]);
  });

  it("adds an existing Grafana user to the organisation's Grafana organisation", async () => {
    const first = await createOperator(t, { organisationName: 'Delta Racks' });
    await link(first);
    const colleague = await createOperator(t, { organisationId: first.organisationId });
    const grafanaUserId = grafana.addUser(colleague.email);
    grafana.requests.length = 0;

    const { status, body } = await link(colleague);
    expect(status).toBe(201);
    expect(body).toEqual({
      linked: true,
      created: { organisation: false, user: false, membership: true },
    });
    const orgId = await storedGrafanaOrgId(first.organisationId);
    expect(grafana.members.get(grafanaUserId)).toEqual(new Set([orgId]));
    expect(writes().map((request) => request.path)).toEqual([`/api/orgs/${orgId}/users`]);
    expect(writes()[0]!.body).toEqual({ loginOrEmail: colleague.email, role: 'Viewer' });
  });

  it('adopts a Grafana organisation that already carries the name', async () => {
    const existing = grafana.addOrg('Epsilon Halls');
    const operator = await createOperator(t, { organisationName: 'Epsilon Halls' });
    const { status, body } = await link(operator);
    expect(status).toBe(201);
    expect(body).toMatchObject({ created: { organisation: false, user: true } });
    expect(await storedGrafanaOrgId(operator.organisationId)).toBe(existing);
  });

  it('keeps the linked Grafana organisation when our organisation is renamed', async () => {
    const operator = await createOperator(t, { organisationName: 'Zeta Before' });
    await link(operator);
    const orgId = await storedGrafanaOrgId(operator.organisationId);
    await t.app.database.db
      .updateTable('organisations')
      .set({ name: 'Zeta After' })
      .where('id', '=', operator.organisationId)
      .execute();
    const colleague = await createOperator(t, { organisationId: operator.organisationId });

    await link(colleague);
    expect(await storedGrafanaOrgId(operator.organisationId)).toBe(orgId);
    expect([...grafana.orgs.values()]).not.toContain('Zeta After');
  });

  it('recreates a linked Grafana organisation that was deleted in Grafana', async () => {
    const operator = await createOperator(t, { organisationName: 'Eta Rooms' });
    await link(operator);
    const before = await storedGrafanaOrgId(operator.organisationId);
    grafana.orgs.delete(before!);

    const { status, body } = await link(operator);
    expect(status).toBe(201);
    expect(body).toMatchObject({ created: { organisation: true, membership: true } });
    const after = await storedGrafanaOrgId(operator.organisationId);
    expect(after).not.toBe(before);
    expect(grafana.orgs.get(after!)).toBe('Eta Rooms');
  });

  it("never puts two organisations' users in one Grafana organisation", async () => {
    const first = await createOperator(t, { organisationName: 'Theta Site' });
    await link(first);
    // Another organisation now carries the name the first one was linked under.
    await t.app.database.db
      .updateTable('organisations')
      .set({ name: 'Theta Site (old)' })
      .where('id', '=', first.organisationId)
      .execute();
    const second = await createOperator(t, { organisationName: 'Theta Site' });

    await link(second);
    const firstOrg = await storedGrafanaOrgId(first.organisationId);
    const secondOrg = await storedGrafanaOrgId(second.organisationId);
    expect(secondOrg).not.toBe(firstOrg);
    expect(grafana.orgs.get(secondOrg!)).toBe(`Theta Site (${second.organisationId})`);
    const [secondUser] = [...grafana.users].find(([, u]) => u.email === second.email)!;
    expect(grafana.members.get(secondUser)).toEqual(new Set([secondOrg]));
  });

  it('answers 502 with an error when Grafana fails', async () => {
    const operator = await createOperator(t);
    grafana.failWith(500);
    const { status, body } = await link(operator);
    expect(status).toBe(502);
    expect(body).toEqual({ error: GRAFANA_FAILED_ERROR });
  });

  it('answers 502 when Grafana refuses the token', async () => {
    const operator = await createOperator(t);
    grafana.failWith(401);
    expect((await link(operator)).status).toBe(502);
  });
});

describe('link-grafana with an unreachable Grafana or a server-admin login', () => {
  it('answers 502 when Grafana cannot be reached', async () => {
    const closed = fakeGrafana();
    const url = await closed.start();
    await closed.stop();
    const t = await buildTestApp({ GRAFANA_URL: url, GRAFANA_TOKEN: 'glsa_x' });
    try {
      const operator = await createOperator(t);
      const res = await t.app.inject({
        method: 'POST',
        url: LINK_GRAFANA_PATH,
        headers: operator.headers,
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: GRAFANA_FAILED_ERROR });
    } finally {
      await t.close();
    }
  });

  it('sends user:password as basic auth', async () => {
    const grafana = fakeGrafana();
    const url = await grafana.start();
    const t = await buildTestApp({ GRAFANA_URL: url, GRAFANA_TOKEN: 'admin:s3cret' });
    try {
      const operator = await createOperator(t);
      await t.app.inject({ method: 'POST', url: LINK_GRAFANA_PATH, headers: operator.headers });
      const expected = `Basic ${Buffer.from('admin:s3cret').toString('base64')}`;
      expect(grafana.requests.length).toBeGreaterThan(0);
      expect(grafana.requests.every((r) => r.authorization === expected)).toBe(true);
    } finally {
      await t.close();
      await grafana.stop();
    }
  });
});
