import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  derivePlan,
  featuresResponseSchema,
  GENERIC_SERVER_ERROR,
  type PlanId,
} from '@brezza/contract';
import { ConfigError, loadConfig } from '../src/config.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';

/**
 * Plans with Stripe configured: the real SDK talks to a small HTTP server standing in for
 * api.stripe.com (the only fake, at the network edge), and events are signed like Stripe signs
 * them, with the configured webhook secret.
 */

interface Recorded {
  method: string;
  path: string;
  params: URLSearchParams;
  authorization: string | undefined;
}

interface Failure {
  method: string;
  path: string;
  status: number;
  body: object;
}

/** Just enough of Stripe's API for this module: customers, checkout sessions, subscriptions. */
async function startFakeStripe() {
  const requests: Recorded[] = [];
  const failures: Failure[] = [];
  const subscriptions = new Map<string, string>();
  const goneCustomers = new Set<string>();
  let customers = 0;
  let sessions = 0;

  const missing = (param: string, id: string) => ({
    status: param === 'customer' ? 400 : 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param,
        message: `No such ${param}: '${id}'`,
      },
    },
  });

  function answer(method: string, path: string, params: URLSearchParams) {
    const failure = failures.findIndex((f) => f.method === method && f.path === path);
    if (failure >= 0) {
      const [{ status, body }] = failures.splice(failure, 1) as [Failure];
      return { status, body };
    }
    if (method === 'POST' && path === '/v1/customers') {
      customers += 1;
      return { status: 200, body: { id: `cus_fake_${customers}`, object: 'customer' } };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const customer = params.get('customer') ?? '';
      if (goneCustomers.has(customer)) return missing('customer', customer);
      sessions += 1;
      const id = `cs_fake_${sessions}`;
      return {
        status: 200,
        body: {
          id,
          object: 'checkout.session',
          mode: 'subscription',
          customer,
          url: `https://checkout.stripe.com/c/pay/${id}`,
          expires_at: Math.floor(Date.now() / 1000) + 86_400,
        },
      };
    }
    const subscription = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path)?.[1];
    if (subscription) {
      const status = subscriptions.get(subscription);
      if (!status) return missing('id', subscription);
      if (method === 'DELETE') subscriptions.set(subscription, 'canceled');
      return {
        status: 200,
        body: { id: subscription, object: 'subscription', status: subscriptions.get(subscription) },
      };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: 'no route' } } };
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const params = new URLSearchParams(body || url.search);
      const method = req.method ?? 'GET';
      requests.push({
        method,
        path: url.pathname,
        params,
        authorization: req.headers.authorization,
      });
      const { status, body: reply } = answer(method, url.pathname, params);
      // Our failures are final: the SDK must not hide them by retrying.
      res.writeHead(status, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    goneCustomers,
    fail: (failure: Failure) => failures.push(failure),
    calls: (method: string, path: string) =>
      requests.filter((r) => r.method === method && r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const WEBHOOK_SECRET = 'whsec_test_fake_secret';
const PRICES: Record<PlanId, string> = {
  argent: 'price_argent_test',
  oro: 'price_oro_test',
  platino: 'price_platino_test',
};
const stripeEnv = (apiUrl: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_ARGENT: PRICES.argent,
  STRIPE_PRICE_ORO: PRICES.oro,
  STRIPE_PRICE_PLATINO: PRICES.platino,
  STRIPE_API_URL: apiUrl,
});

describe('Stripe configuration', () => {
  it('needs all five Stripe variables or none, and names each one missing', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/unused' };
    expect(loadConfig(base).billing).toEqual({ mode: 'local' });
    expect(() =>
      loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PRICE_ORO: 'price_x' }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET: must be set together[\s\S]*STRIPE_PRICE_PLATINO/);
    expect(() => loadConfig({ ...base, ...stripeEnv(''), STRIPE_SECRET_KEY: 'pk_test_x' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() =>
      loadConfig({ ...base, ...stripeEnv(''), STRIPE_WEBHOOK_SECRET: 'secret' }),
    ).toThrow(ConfigError);
    expect(loadConfig({ ...base, ...stripeEnv('http://127.0.0.1:12111') }).billing).toEqual({
      mode: 'stripe',
      secretKey: 'sk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      prices: PRICES,
      apiUrl: 'http://127.0.0.1:12111',
    });
  });
});

describe('plans with Stripe', () => {
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let t: TestApp;
  let alice: Operator;
  let bob: Operator;
  let other: Operator;
  let sequence = 0;

  const planOf = async (operator: Operator) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/get-features',
      headers: operator.headers,
      payload: {},
    });
    return derivePlan(featuresResponseSchema.parse(res.json()).features);
  };

  const checkout = (operator: Operator, planId: PlanId) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: operator.headers,
      payload: { planId },
    });

  /** Starts a checkout and answers Stripe's session id. */
  const startCheckout = async (operator: Operator, planId: PlanId) => {
    const res = await checkout(operator, planId);
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_fake_\d+$/);
    return url.split('/').pop()!;
  };

  const deliver = (event: object, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  };

  const event = (type: string, object: object) => ({
    id: `evt_fake_${++sequence}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });

  const completed = (
    sessionId: string,
    subscriptionId: string,
    options: { paymentStatus?: string; type?: string } = {},
  ) => {
    stripe.subscriptions.set(subscriptionId, 'active');
    return event(options.type ?? 'checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: options.paymentStatus ?? 'paid',
      customer: 'cus_fake_1',
      subscription: subscriptionId,
    });
  };

  const organisation = (id: number) =>
    t.app.database.db
      .selectFrom('organisations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await buildTestApp(stripeEnv(stripe.url));
    alice = await createOperator(t, { organisationName: 'Acme Cooling', name: 'Alice' });
    bob = await createOperator(t, { organisationId: alice.organisationId, name: 'Bob' });
    other = await createOperator(t, { organisationName: 'Other Org' });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });
  beforeEach(() => {
    stripe.requests.length = 0;
  });

  const sessions: Record<string, string> = {};

  it('creates the customer once and a subscription Checkout Session for the plan’s price', async () => {
    sessions.oro = await startCheckout(alice, 'oro');
    const [customer] = stripe.calls('POST', '/v1/customers');
    expect(customer?.authorization).toBe('Bearer sk_test_fake');
    expect(Object.fromEntries(customer!.params)).toEqual({
      name: 'Acme Cooling',
      email: alice.email,
      'metadata[organisationId]': String(alice.organisationId),
    });
    const [session] = stripe.calls('POST', '/v1/checkout/sessions');
    expect(Object.fromEntries(session!.params)).toEqual({
      mode: 'subscription',
      customer: 'cus_fake_1',
      'line_items[0][price]': PRICES.oro,
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost:3000/success',
      cancel_url: 'http://localhost:3000/cancel',
      client_reference_id: String(alice.organisationId),
      'metadata[organisationId]': String(alice.organisationId),
      'metadata[planId]': 'oro',
      'metadata[userId]': String(alice.userId),
      'subscription_data[metadata][organisationId]': String(alice.organisationId),
      'subscription_data[metadata][planId]': 'oro',
    });

    sessions.argent = await startCheckout(bob, 'argent');
    sessions.platino = await startCheckout(alice, 'platino');
    expect(stripe.calls('POST', '/v1/customers')).toHaveLength(1);
    expect((await organisation(alice.organisationId)).stripe_customer_id).toBe('cus_fake_1');
    expect(await planOf(alice)).toBe('none');
  });

  it('has no local checkout and accepts only events signed with the Stripe secret', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/checkout/cs_local_x' });
    expect(page.statusCode).toBe(404);
    const forged = await deliver(completed(sessions.oro!, 'sub_A'), 'whsec_local_other');
    expect(forged.statusCode).toBe(400);
    expect(await planOf(alice)).toBe('none');
  });

  it('waits for delayed payments before granting the plan', async () => {
    const unpaid = await deliver(completed(sessions.oro!, 'sub_A', { paymentStatus: 'unpaid' }));
    expect(unpaid.statusCode).toBe(200);
    expect(await planOf(alice)).toBe('none');
    const succeeded = await deliver(
      completed(sessions.oro!, 'sub_A', { type: 'checkout.session.async_payment_succeeded' }),
    );
    expect(succeeded.statusCode).toBe(200);
    expect(await planOf(alice)).toBe('oro');
    expect(await planOf(other)).toBe('none');
    expect(stripe.calls('DELETE', '/v1/subscriptions/sub_A')).toHaveLength(0);
  });

  it('cancels the replaced subscription, with proration, when a switch completes', async () => {
    expect((await deliver(completed(sessions.platino!, 'sub_C'))).statusCode).toBe(200);
    expect(await planOf(bob)).toBe('platino');
    const [cancel] = stripe.calls('DELETE', '/v1/subscriptions/sub_A');
    expect(Object.fromEntries(cancel!.params)).toEqual({ prorate: 'true', invoice_now: 'true' });
    expect(stripe.subscriptions.get('sub_A')).toBe('canceled');
    expect(stripe.subscriptions.get('sub_C')).toBe('active');
  });

  it('cancels a late purchase that a newer one already replaced, keeping the newer plan', async () => {
    // The ARGENTO checkout was started before the PLATINO one, and completes after it.
    expect((await deliver(completed(sessions.argent!, 'sub_B'))).statusCode).toBe(200);
    expect(await planOf(alice)).toBe('platino');
    expect(stripe.subscriptions.get('sub_B')).toBe('canceled');
    expect(stripe.subscriptions.get('sub_C')).toBe('active');
    expect((await organisation(alice.organisationId)).stripe_subscription_id).toBe('sub_C');
  });

  it('follows changes made at Stripe to the current subscription only', async () => {
    const dashboard = event('customer.subscription.updated', {
      id: 'sub_C',
      object: 'subscription',
      status: 'active',
      items: { data: [{ price: { id: PRICES.argent } }] },
      metadata: { planId: 'platino' },
    });
    expect((await deliver(dashboard)).statusCode).toBe(200);
    expect(await planOf(alice)).toBe('argent');
    const change = await t.app.database.db
      .selectFrom('plan_changes')
      .selectAll()
      .where('stripe_event_id', '=', dashboard.id)
      .executeTakeFirstOrThrow();
    expect(change).toMatchObject({
      from_plan: 'platino',
      to_plan: 'argent',
      source: 'stripe',
      changed_by_user_id: null,
    });

    const old = event('customer.subscription.deleted', { id: 'sub_A', status: 'canceled' });
    expect((await deliver(old)).statusCode).toBe(200);
    expect(await planOf(alice)).toBe('argent');
  });

  it('retries a failed cancellation on the next delivery instead of leaving two subscriptions', async () => {
    const session = await startCheckout(alice, 'oro');
    stripe.fail({
      method: 'DELETE',
      path: '/v1/subscriptions/sub_C',
      status: 500,
      body: { error: { type: 'api_error', message: 'try later' } },
    });
    const done = completed(session, 'sub_D');
    const first = await deliver(done);
    expect(first.statusCode).toBe(500);
    expect(await planOf(alice)).toBe('oro');
    expect(stripe.subscriptions.get('sub_C')).toBe('active');

    const retry = await deliver(done);
    expect(retry.statusCode).toBe(200);
    expect(stripe.subscriptions.get('sub_C')).toBe('canceled');
    expect(stripe.subscriptions.get('sub_D')).toBe('active');
    const pending = await t.app.database.db
      .selectFrom('superseded_subscriptions')
      .select('subscription_id')
      .where('cancelled_at', 'is', null)
      .execute();
    expect(pending).toEqual([]);
  });

  it('answers 502 without internals when Stripe fails, storing nothing', async () => {
    stripe.fail({
      method: 'POST',
      path: '/v1/checkout/sessions',
      status: 500,
      body: { error: { type: 'api_error', message: 'down' } },
    });
    const before = await t.app.database.db.selectFrom('checkout_sessions').select('id').execute();
    const res = await checkout(alice, 'platino');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: GENERIC_SERVER_ERROR });
    const after = await t.app.database.db.selectFrom('checkout_sessions').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('makes a new customer when Stripe no longer knows the stored one', async () => {
    stripe.goneCustomers.add('cus_fake_1');
    await startCheckout(bob, 'platino');
    expect(stripe.calls('POST', '/v1/customers')).toHaveLength(1);
    expect(
      stripe.calls('POST', '/v1/checkout/sessions').map((r) => r.params.get('customer')),
    ).toEqual(['cus_fake_1', 'cus_fake_2']);
    expect((await organisation(alice.organisationId)).stripe_customer_id).toBe('cus_fake_2');
  });

  it('gives each organisation its own customer', async () => {
    await startCheckout(other, 'argent');
    const [customer] = stripe.calls('POST', '/v1/customers');
    expect(customer?.params.get('name')).toBe('Other Org');
    expect((await organisation(other.organisationId)).stripe_customer_id).toBe('cus_fake_3');
    expect(await planOf(other)).toBe('none');
  });
});
