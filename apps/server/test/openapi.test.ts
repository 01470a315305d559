import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION, OPENAPI_PATH } from '@brezza/contract';

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, unknown> }>;
}

const EVENT_STREAM = 'text/event-stream';
/** A call whose success is a stream that stays open (server-sent events) until the client goes. */
const streams = (operation: Operation) =>
  Object.values(operation.responses).some((response) => EVENT_STREAM in (response.content ?? {}));
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}
import { buildTestApp, type TestApp } from './helpers/app.js';
import { holdPlan, staffOrganisationOperator } from './helpers/plans.js';

/** A route as `METHOD /path/{param}`, the way the OpenAPI document spells it. */
const routeKey = (method: string, url: string) =>
  `${method.toUpperCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;

/** Every route under these is an API call and is documented; nothing else is. */
const DOCUMENTED_PREFIXES = ['/api/', '/metrics/'];
const DOCUMENTED_PUBLIC = ['GET /healthz', 'GET /app-config.json', 'GET /static/brezza-agent'];

let t: TestApp;
let server: TestApp['app'];
const registered = new Set<string>();

// The real app; its test build keeps every route it registers.
beforeAll(async () => {
  t = await buildTestApp({ PRODUCT_NAME: 'Acme Cooling' });
  server = t.app;
  for (const route of t.routes) {
    const methods: HTTPMethods[] = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) registered.add(routeKey(method, route.url));
  }
});

afterAll(async () => {
  await t?.close();
});

async function served(): Promise<OpenApiDocument> {
  const response = await server.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const documentedOperations = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

describe('GET /openapi.json', () => {
  it("is public JSON, revalidated, built for this deployment's URL and name", async () => {
    const response = await server.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const document = response.json<OpenApiDocument>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Acme Cooling API', version: API_VERSION });
    expect(document.servers).toEqual([{ url: t.config.publicUrl }]);
    expect(document.servers).toEqual([{ url: 'http://localhost:3000' }]);
  });

  it('documents every API and metrics route the server registers, and nothing else', async () => {
    const document = await served();
    const documented = documentedOperations(document).map(({ path, method }) =>
      routeKey(method, path),
    );
    const api = [...registered].filter((key) => {
      const [method, url] = key.split(' ') as [string, string];
      return (
        method !== 'HEAD' &&
        method !== 'OPTIONS' &&
        (DOCUMENTED_PREFIXES.some((prefix) => url.startsWith(prefix)) ||
          DOCUMENTED_PUBLIC.includes(key))
      );
    });
    expect(api.length).toBeGreaterThan(0);
    expect([...documented].sort()).toEqual([...api].sort());
    // The other way round: nothing documented that the server does not answer.
    for (const key of documented) expect(registered).toContain(key);
  });

  /**
   * A stream's answer over a real connection: its status and headers, then the client goes (an
   * injected request would wait for an end that never comes). A failure's body is read whole.
   */
  async function streamAnswer(method: string, url: string, headers: Record<string, string>) {
    const address = await listening();
    const abort = new AbortController();
    const response = await fetch(`${address}${url}`, {
      method: method.toUpperCase(),
      headers,
      signal: abort.signal,
    });
    const body = response.ok ? '' : await response.text();
    abort.abort();
    return {
      statusCode: response.status,
      headers: { 'content-type': response.headers.get('content-type') ?? '' },
      json: () => JSON.parse(body) as unknown,
    };
  }

  let address: string | undefined;
  async function listening(): Promise<string> {
    address ??= await server.listen({ port: 0, host: '127.0.0.1' });
    return address;
  }

  /** Calls every documented operation (ids of 1, an empty JSON body where it takes one). */
  async function expectDocumentedAnswers(
    headers: Record<string, string>,
    only?: string,
  ): Promise<number[]> {
    const document = await served();
    const statuses: number[] = [];
    for (const { path, method, operation } of documentedOperations(document)) {
      if (only && !(operation.security ?? []).some((requirement) => only in requirement)) continue;
      const url = path.replace(/\{\w+\}/g, '1');
      const response = streams(operation)
        ? await streamAnswer(method, url, headers)
        : await server.inject({
            method: method.toUpperCase() as HTTPMethods,
            url,
            headers,
            ...(operation.requestBody ? { payload: {} } : {}),
          });
      const where = `${method.toUpperCase()} ${path} answered ${response.statusCode}`;
      expect(Object.keys(operation.responses), where).toContain(String(response.statusCode));
      if (response.statusCode >= 400) expect(response.json(), where).toHaveProperty('error');
      else if (streams(operation)) {
        expect(response.headers['content-type'], where).toMatch(/^text\/event-stream/);
      }
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it('lists the status each call answers without credentials', async () => {
    await expectDocumentedAnswers({});
  });

  it('lists the status each operator call answers a signed-in operator', async () => {
    // Holding the plan that includes every feature: no call is refused for the plan.
    const operator = await staffOrganisationOperator(t);
    await holdPlan(t, operator, 'platino');
    const statuses = await expectDocumentedAnswers(operator.headers, 'operator');
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 401 || status === 403)).toEqual([]);
  });
});
