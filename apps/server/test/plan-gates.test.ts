import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FREE_HISTORY_MS,
  METRICS_QUERY_PATH,
  PLAN_IDS,
  planAllows,
  planRequiredMessage,
  type PlanFeature,
  type PlanId,
} from '@brezza/contract';
import { buildTestApp, type TestApp } from './helpers/app.js';
import type { Operator } from './helpers/auth.js';
import { featuresOf, holdPlan, staffOrganisationOperator } from './helpers/plans.js';

/**
 * Plans gate features (issue 14, item 7) on every route that declares `config.planFeature`,
 * found from the routes the app registered: a route added later is covered without a change here.
 */

interface GatedCall {
  method: HTTPMethods;
  url: string;
  feature: PlanFeature;
}

const HOUR_MS = 60 * 60 * 1000;

let t: TestApp;
let address: string;
let gated: GatedCall[];
/** An organisation made by staff (no plan), then one holding each plan. */
let free: Operator;
const holding = {} as Record<PlanId, Operator>;

beforeAll(async () => {
  t = await buildTestApp();
  gated = t.routes.flatMap((route) => {
    const feature = route.config?.planFeature;
    if (!feature) return [];
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    return methods
      .filter((method) => method !== 'HEAD' && method !== 'OPTIONS')
      .map((method) => ({ method, url: route.url, feature }));
  });
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  free = await staffOrganisationOperator(t);
  for (const plan of PLAN_IDS) {
    holding[plan] = await staffOrganisationOperator(t);
    await holdPlan(t, holding[plan], plan);
  }
});

afterAll(async () => {
  await t?.close();
});

/**
 * One call over a real connection (a stream's answer is its status: the client then goes), with
 * ids of 1 in the path and an empty JSON body where the method takes one.
 */
async function call(who: Operator, { method, url }: GatedCall) {
  const abort = new AbortController();
  const withBody = method !== 'GET' && method !== 'DELETE';
  const response = await fetch(`${address}${url.replace(/:\w+/g, '1')}`, {
    method,
    headers: {
      ...who.headers,
      ...(withBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(withBody ? { body: '{}' } : {}),
    signal: abort.signal,
  });
  const streaming = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  const text = streaming ? '' : await response.text();
  abort.abort();
  return { status: response.status, text };
}

const refusal = (feature: PlanFeature) => JSON.stringify({ error: planRequiredMessage(feature) });

describe('plan-gated routes', () => {
  it('include every alerts call, so the check below is never vacuous', () => {
    const keys = gated.map(({ method, url }) => `${method} ${url}`);
    for (const key of [
      'GET /api/alerts',
      'GET /api/alert-rules',
      'POST /api/alert-rules',
      'GET /api/notification-channels',
    ]) {
      expect(keys).toContain(key);
    }
    expect(gated.filter((call) => call.feature === 'alerts').length).toBeGreaterThanOrEqual(10);
  });

  it("document the plan's 403 in /openapi.json", async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    for (const { method, url } of gated) {
      const operation = document.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(Object.keys(operation?.responses ?? {}), `${method} ${url}`).toContain('403');
    }
  });

  it('refuse an organisation made by staff, which holds no plan, with 403 naming the plan', async () => {
    for (const gatedCall of gated) {
      const answer = await call(free, gatedCall);
      const where = `${gatedCall.method} ${gatedCall.url}`;
      expect(answer.status, where).toBe(403);
      expect(answer.text, where).toBe(refusal(gatedCall.feature));
    }
  });

  it.each(PLAN_IDS)(
    'let an organisation holding %s through to what its plan includes, and only that',
    async (plan) => {
      for (const gatedCall of gated) {
        const answer = await call(holding[plan], gatedCall);
        const where = `${gatedCall.method} ${gatedCall.url} with ${plan}`;
        if (planAllows(plan, gatedCall.feature)) {
          expect(answer.text, where).not.toBe(refusal(gatedCall.feature));
          expect(answer.status, where).toBeLessThan(500);
        } else {
          expect(answer.status, where).toBe(403);
          expect(answer.text, where).toBe(refusal(gatedCall.feature));
        }
      }
    },
  );
});

describe('history without a plan', () => {
  const query = (who: Operator, from: number, to = Date.now()) =>
    t.app.inject({
      method: 'POST',
      url: METRICS_QUERY_PATH,
      headers: who.headers,
      payload: {
        metric: 'power_watts',
        scope: { type: 'organisation' },
        aggregate: 'sum',
        from,
        to,
        stepSeconds: 3600,
      },
    });

  it('reads the last 24 hours', async () => {
    const response = await query(free, Date.now() - FREE_HISTORY_MS);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses anything older with 403 naming Argento, even a range that ended long ago', async () => {
    for (const [from, to] of [
      [Date.now() - FREE_HISTORY_MS - HOUR_MS, Date.now()],
      [Date.now() - 7 * 24 * HOUR_MS, Date.now() - 6 * 24 * HOUR_MS],
    ] as const) {
      const response = await query(free, from, to);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: planRequiredMessage('fullHistory') });
      expect(response.json<{ error: string }>().error).toBe(
        'History beyond 24 hours needs the Argento plan.',
      );
    }
  });

  it.each(PLAN_IDS)('reads any range with %s', async (plan) => {
    const response = await query(holding[plan], Date.now() - 30 * 24 * HOUR_MS);
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('an organisation made by staff', () => {
  it('starts with no plan: no features granted', async () => {
    const operator = await staffOrganisationOperator(t);
    expect(await featuresOf(t, operator)).toEqual({});
    const listed = await t.app.database.db
      .selectFrom('organisations')
      .select('plan')
      .where('id', '=', operator.organisationId)
      .executeTakeFirstOrThrow();
    expect(listed.plan).toBe('none');
  });

  it('holds the plan it bought, and the features answered name their tier', async () => {
    const features = await featuresOf(t, holding.oro);
    expect(features.plan).toBe('ORO (Tier 2)');
    for (const label of Object.values(features)) expect(label).toContain('Tier 2');
  });
});
