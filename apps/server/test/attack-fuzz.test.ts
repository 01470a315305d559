import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';

/**
 * Malformed requests as an attacker sends them, against the real app on the test database:
 * random methods on every registered route and on made-up paths, bad percent-encoding, huge and
 * odd ids, bodies of the wrong type, broken JSON, odd content types and header spellings, with
 * and without a valid operator token. Bounded in count (seeded, so a failure replays); the only
 * assertion is that nothing answers 5xx.
 */
const REQUESTS = 3000;
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/** mulberry32: a small seeded generator, so that a failing case can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

const ODD_SEGMENTS = [
  '1',
  '0',
  '-1',
  '9'.repeat(400),
  '18446744073709551616',
  '1e3',
  '0x10',
  '1.5',
  ' 1',
  '%ff',
  '%',
  '%zz',
  '%00',
  '%0a%0d',
  '..%2f..%2fetc%2fpasswd',
  '%e2%80%ae',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'ünïcødé',
  '💨',
  "1' OR '1'='1",
  '<script>',
  'a'.repeat(3000),
];

const QUERIES = [
  '',
  '',
  '?',
  '?id=%ff',
  '?a=1&a=2&a[]=3',
  '?__proto__[x]=1',
  `?q=${'x'.repeat(5000)}`,
  '?token=&email=%00',
  '?organisation=-1',
  '#fragment',
];

const CONTENT_TYPES = [
  undefined,
  'application/json',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json;;;',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/octet-stream',
  '*/*',
  'application/vnd.api+json',
  '',
];

const deep = (depth: number): unknown => (depth === 0 ? 1 : { a: deep(depth - 1) });

const BODIES: ReadonlyArray<string | undefined> = [
  undefined,
  '',
  'null',
  '1',
  '"text"',
  '[]',
  '{}',
  '[{}]',
  '{"name":123,"email":[],"password":{}}',
  '{"name":"x","email":"a@b.c","password":"p"}',
  `{"name":"${'x'.repeat(20_000)}"}`,
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"id":1e999,"datacenterId":-1,"roomId":"1"}',
  '{"machineId":"x","agentVersion":1,"samples":"many"}',
  '{"samples":[null,1,"x",{}]}',
  '{"plan":"platino","plans":["x"]}',
  '{"name":"\\u0000\\u001b[31m"}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '\u0000\u0001\u0002',
  '\uFEFF{}',
  JSON.stringify(deep(200)),
  'email=a%40b.c&password=x',
  'email=%ff&password=%',
  '------x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n------x--',
  'x'.repeat(70_000),
];

function oddCase(name: string, random: () => number): string {
  return [...name].map((char) => (random() < 0.5 ? char.toUpperCase() : char)).join('');
}

describe(`attack fuzz: ${REQUESTS} malformed requests`, () => {
  let t: TestApp;
  let fastify: FastifyInstance;
  let operator: Operator;
  let routes: Array<{ method: string; url: string }> = [];

  beforeAll(async () => {
    t = await buildTestApp();
    fastify = t.app;
    routes = t.routes.flatMap((route) =>
      [route.method].flat().map((method) => ({ method, url: route.url })),
    );
    operator = await createOperator(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers none of them with a 5xx', { timeout: 240_000 }, async () => {
    const { next, pick } = generator(SEED);
    // The built web app's files are plain static files.
    const targets = routes.filter((route) => !route.url.startsWith('/assets/'));
    const madeUp = ['/', '/api', '/api/', '/api/nothing', '//api//servers', '/idp/../api/servers'];

    function request(index: number): InjectOptions {
      const target = pick(targets);
      const template = next() < 0.85 ? target.url : pick(madeUp);
      // Mostly the route's own method, so that most requests reach a handler.
      const method = next() < 0.6 ? target.method : pick(METHODS);
      const path = template
        .split('/')
        .map((segment) =>
          segment.startsWith(':') || segment === '*' ? pick(ODD_SEGMENTS) : segment,
        )
        .join('/');
      const headers: Record<string, string> = {};
      const auth = next();
      if (auth < 0.45) headers.authorization = operator.headers.authorization;
      else if (auth < 0.55) headers.authorization = 'Bearer not.a.token';
      else if (auth < 0.6)
        headers.authorization = `bEaReR   ${operator.headers.authorization.slice(7)}  `;
      else if (auth < 0.65) headers.authorization = 'Basic YWRtaW46YWRtaW4=';
      else if (auth < 0.7) headers.authorization = `Bearer ${'A'.repeat(8000)}`;
      const contentType = pick(CONTENT_TYPES);
      if (contentType !== undefined) headers['content-type'] = contentType;
      if (next() < 0.2) headers.accept = pick(['text/html', '*/*', 'application/xml', '']);
      if (next() < 0.1) headers['x-forwarded-for'] = pick(['1.2.3.4', 'garbage', '::1, 10.0.0.1']);
      if (next() < 0.1) headers['x-forwarded-proto'] = pick(['https', 'gopher', '']);
      if (next() < 0.05) headers.cookie = pick(['brezza_idp_session=x', '=;;=', 'a'.repeat(4000)]);
      const oddHeaders = Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [oddCase(name, next), value]),
      );
      const body = method === 'GET' || method === 'HEAD' ? undefined : pick(BODIES);
      return {
        method,
        url: `${path}${pick(QUERIES)}`,
        headers: oddHeaders,
        remoteAddress: `198.18.${index % 250}.${Math.floor(next() * 250)}`,
        ...(body === undefined ? {} : { payload: body }),
      };
    }

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const batch = 10;
    for (let start = 0; start < REQUESTS; start += batch) {
      const requests = Array.from({ length: Math.min(batch, REQUESTS - start) }, (_, offset) =>
        request(start + offset),
      );
      const answers = await Promise.all(
        requests.map((options) =>
          // As a stream, so that a live-updates stream (which never ends) answers with its
          // headers; the body is read only when the route ended it.
          fastify.inject({ ...options, payloadAsStream: true }).then(
            async (response) => {
              const stream = response.stream();
              if (String(response.headers['content-type']).startsWith('text/event-stream')) {
                stream.destroy();
                return { options, status: response.statusCode, body: '' };
              }
              let body = '';
              for await (const chunk of stream) body += String(chunk);
              return { options, status: response.statusCode, body };
            },
            (error: unknown) => ({ options, status: 599, body: String(error) }),
          ),
        ),
      );
      for (const { options, status, body } of answers) {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) {
          failures.push(
            `${status} ${options.method} ${String(options.url).slice(0, 120)} ${JSON.stringify(options.headers).slice(0, 200)} body=${String(options.payload).slice(0, 80)} → ${body.slice(0, 200)}`,
          );
        }
      }
    }
    const summary = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.log(`attack fuzz (seed ${SEED}): ${REQUESTS} requests, statuses ${summary.join(' ')}`);
    expect(failures).toEqual([]);
  });
});
