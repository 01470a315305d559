import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH } from '@brezza/contract';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';
import { buildRegistration } from './helpers/agent.js';

/** The route convention (lib/routes.ts): one validation path, one error body, one set of headers. */
describe('routes', () => {
  let t: TestApp;
  let alice: Operator;

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await createOperator(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const expectHandled = (response: {
    statusCode: number;
    headers: Record<string, unknown>;
    json: () => unknown;
  }) => {
    expect(response.json()).toEqual({ error: expect.any(String) });
    expect(Object.keys(response.json() as object)).toEqual(['error']);
    // Security headers prove the answer went through the app's hooks and error handler.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeDefined();
  };

  it('answers a malformed URL with { error } and the security headers', async () => {
    for (const url of ['/api/datacenters/%ff', '/api/%', '/api/datacenters/%ff/x?y=%ff']) {
      const response = await t.app.inject({ method: 'PUT', url, headers: alice.headers });
      expect(response.statusCode, url).toBe(400);
      expectHandled(response);
    }
  });

  it('answers an id too long to be one like a missing row', async () => {
    const tooLong = await t.app.inject({
      method: 'PUT',
      url: `/api/datacenters/${'9'.repeat(400)}`,
      headers: alice.headers,
    });
    expect(tooLong.statusCode).toBe(404);
    expectHandled(tooLong);
    for (const id of ['99999999999', '2147483648', '0', '-1', '1.5', 'x']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/datacenters/${id}`,
        headers: alice.headers,
        payload: { name: 'A', location: 'B' },
      });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ error: 'Datacenter not found.' });
      expectHandled(response);
    }
  });

  it('names the field in words an operator understands, never the library default', async () => {
    const registration = buildRegistration();
    const cases: [string, Record<string, unknown>, string][] = [
      [
        '/api/rooms',
        { name: 'R', datacenterId: 'x' },
        'datacenterId must be a whole number or null.',
      ],
      ['/api/datacenters', {}, 'Name and location are required.'],
      [
        '/api/agent/register',
        { ...registration, hostName: 'a\u001bb' },
        'hostName must be printable text.',
      ],
      ['/api/agent/register', { ...registration, addresses: 'x' }, 'addresses must be a list.'],
    ];
    for (const [url, payload, error] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: url.startsWith('/api/agent') ? { authorization: 'Bearer x' } : alice.headers,
        payload,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ error });
    }
  });

  it("refuses control characters in a person's text, on every write that takes one", async () => {
    for (const name of ['Ada\u0000', 'Ada\u001b[31m', 'A\u0085da']) {
      const access = await t.app.inject({
        method: 'POST',
        url: '/api/access-requests',
        payload: { name, email: 'ada@example.com', password: 'correct horse battery' },
        remoteAddress: `10.0.0.${name.length}`,
      });
      expect(access.statusCode).toBe(400);
      expect(access.json()).toEqual({ error: 'Name must not contain control characters.' });
      const datacenter = await t.app.inject({
        method: 'POST',
        url: '/api/datacenters',
        headers: alice.headers,
        payload: { name, location: 'Milan' },
      });
      expect(datacenter.statusCode).toBe(400);
    }
    const longest = await t.app.inject({
      method: 'POST',
      url: '/api/datacenters',
      headers: alice.headers,
      payload: { name: 'x'.repeat(NAME_MAX_LENGTH + 1), location: 'Milan' },
    });
    expect(longest.json()).toEqual({
      error: `Name must be at most ${NAME_MAX_LENGTH} characters.`,
    });
  });
});
