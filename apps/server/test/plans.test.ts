import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivePlan, INVALID_PLAN_ERROR, type CurrentPlan, type PlanId } from '@brezza/contract';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';
import { featuresOf } from './helpers/plans.js';

/**
 * Plans with the default local checkout: the plan page's calls, the test checkout pages, and
 * the webhook they complete through (verified like Stripe's), on a fresh database.
 */

let sequence = 0;
const eventId = () => `evt_test_${++sequence}_${Date.now()}`;

function subscriptionEvent(
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  subscription: { id: string; status: string; price?: string; planId?: PlanId },
  created = Math.floor(Date.now() / 1000),
) {
  return {
    id: eventId(),
    object: 'event',
    type,
    created,
    data: {
      object: {
        id: subscription.id,
        object: 'subscription',
        status: subscription.status,
        items: { data: subscription.price ? [{ price: { id: subscription.price } }] : [] },
        metadata: subscription.planId ? { planId: subscription.planId } : {},
      },
    },
  };
}

describe('plans with the local checkout', () => {
  let t: TestApp;
  let webDir: string;
  let secret: string;
  let alice: Operator;
  let bob: Operator;
  let other: Operator;

  const features = (operator: Operator) => featuresOf(t, operator);
  const planOf = async (operator: Operator): Promise<CurrentPlan> =>
    derivePlan(await features(operator));

  const createCheckout = (operator: Operator, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: operator.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** Starts a checkout and answers the local checkout page's path. */
  const startCheckout = async (operator: Operator, planId: PlanId) => {
    const res = await createCheckout(operator, { planId });
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/^http:\/\/localhost:3000\/checkout\/cs_local_[\w-]{20,}$/);
    return new URL(url).pathname;
  };

  const post = (url: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

  const buy = async (operator: Operator, planId: PlanId) => {
    const page = await startCheckout(operator, planId);
    const paid = await post(`${page}/pay`);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/success');
    return page;
  };

  const webhook = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });

  const signed = (event: object, options: { secret?: string; timestamp?: number } = {}) => {
    const payload = JSON.stringify(event);
    return webhook(
      payload,
      Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? secret,
        ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
      }),
    );
  };

  const organisation = (id: number) =>
    t.app.database.db
      .selectFrom('organisations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const counts = async () => {
    const { db } = t.app.database;
    const count = async (table: 'billing_events' | 'plan_changes' | 'checkout_sessions') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      events: await count('billing_events'),
      changes: await count('plan_changes'),
      sessions: await count('checkout_sessions'),
    };
  };

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Brezza</title>');
    t = await buildTestApp({ WEB_DIST_DIR: webDir });
    alice = await createOperator(t, { organisationName: 'Acme <Cooling> & Co', name: 'Alice' });
    bob = await createOperator(t, { organisationId: alice.organisationId, name: 'Bob' });
    other = await createOperator(t, { organisationName: 'Other Org' });
    const row = await t.app.database.db
      .selectFrom('billing_settings')
      .select('value')
      .where('name', '=', 'local_webhook_secret')
      .executeTakeFirstOrThrow();
    secret = row.value;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('needs a signed-in operator for both plan calls', async () => {
    for (const url of ['/api/get-features', '/api/create-checkout-session']) {
      const res = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers no features, so no plan, before anything is bought', async () => {
    expect(await features(alice)).toEqual({});
    expect(await planOf(alice)).toBe('none');
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/get-features',
      headers: alice.headers,
    });
    expect(noBody.json()).toEqual({ features: {} });
  });

  it('accepts only argent, oro or platino as planId, with a 400 naming the field', async () => {
    const before = await counts();
    for (const payload of [
      undefined,
      {},
      { planId: 'gold' },
      { planId: 'ORO' },
      { planId: ' oro' },
      { planId: 2 },
      { planId: null },
      { plan: 'oro' },
    ]) {
      const res = await createCheckout(alice, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ error: INVALID_PLAN_ERROR });
    }
    for (const payload of ['[]', '"oro"', '{"planId":']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create-checkout-session',
        headers: { ...alice.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    expect(await counts()).toEqual(before);
  });

  it('serves a local checkout page marked as a test, in the product look, under the CSP', async () => {
    const page = await startCheckout(alice, 'oro');
    const res = await t.app.inject({ method: 'GET', url: page });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('TEST CHECKOUT');
    expect(res.body).toContain('<h1 id="plan">ORO</h1>');
    expect(res.body).toContain('$199');
    expect(res.body).toContain('Acme &lt;Cooling&gt; &amp; Co');
    expect(res.body).toContain(`action="${page}/pay"`);
    expect(res.body).toContain(`action="${page}/cancel"`);
    expect(res.body).not.toContain('<script');
    const csp = String(res.headers['content-security-policy']);
    const nonce = /style-src[^;]*'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body).toContain(`<style nonce="${nonce}">`);
    expect(csp).toContain("script-src 'self'");
  });

  it('never lets the web app swallow a checkout path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/checkout/cs_local_doesnotexist' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Checkout not found');
    expect(res.body).not.toContain('<title>Brezza</title>');
    const foreign = await t.app.inject({ method: 'GET', url: '/checkout/cs_test_123' });
    expect(foreign.statusCode).toBe(404);
  });

  it('pays through the signed webhook: the plan changes and who bought it is recorded', async () => {
    const before = await counts();
    await buy(alice, 'oro');
    expect(await planOf(alice)).toBe('oro');
    expect(await planOf(bob)).toBe('oro');
    expect(await features(alice)).toMatchObject({ plan: 'ORO (Tier 2)' });
    const org = await organisation(alice.organisationId);
    expect(org.plan).toBe('oro');
    expect(org.stripe_customer_id).toMatch(/^cus_local_/);
    expect(org.stripe_subscription_id).toMatch(/^sub_local_/);
    const after = await counts();
    expect(after.events).toBe(before.events + 1);
    expect(after.changes).toBe(before.changes + 1);
    const [change] = await t.app.database.db
      .selectFrom('plan_changes')
      .selectAll()
      .where('organisation_id', '=', alice.organisationId)
      .execute();
    expect(change).toMatchObject({
      from_plan: 'none',
      to_plan: 'oro',
      changed_by_user_id: alice.userId,
      source: 'checkout',
      stripe_subscription_id: org.stripe_subscription_id,
    });
    expect(Date.parse(change!.created_at)).not.toBeNaN();
  });

  it('keeps other organisations apart', async () => {
    expect(await planOf(other)).toBe('none');
    expect((await organisation(other.organisationId)).stripe_customer_id).toBeNull();
  });

  it('refuses to sell the plan already held', async () => {
    const res = await createCheckout(bob, { planId: 'oro' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Your organisation already holds this plan.' });
  });

  it('switches plans without leaving two subscriptions; any operator may buy', async () => {
    const previous = (await organisation(alice.organisationId)).stripe_subscription_id!;
    const customer = (await organisation(alice.organisationId)).stripe_customer_id;
    const page = await buy(bob, 'platino');
    expect(await planOf(alice)).toBe('platino');
    const org = await organisation(alice.organisationId);
    expect(org.stripe_customer_id).toBe(customer);
    expect(org.stripe_subscription_id).not.toBe(previous);
    const replaced = await t.app.database.db
      .selectFrom('superseded_subscriptions')
      .selectAll()
      .where('subscription_id', '=', previous)
      .executeTakeFirstOrThrow();
    expect(replaced.cancelled_at).not.toBeNull();
    const changes = await t.app.database.db
      .selectFrom('plan_changes')
      .select(['from_plan', 'to_plan', 'changed_by_user_id'])
      .where('organisation_id', '=', alice.organisationId)
      .orderBy('id')
      .execute();
    expect(changes.at(-1)).toEqual({
      from_plan: 'oro',
      to_plan: 'platino',
      changed_by_user_id: bob.userId,
    });

    // Paying the same checkout again (a double click) changes nothing.
    const before = await counts();
    const again = await post(`${page}/pay`);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/success');
    expect(await counts()).toEqual(before);
    const done = await t.app.inject({ method: 'GET', url: page });
    expect(done.body).toContain('Payment complete');
  });

  it('cancels a checkout back to /cancel with the plan unchanged; it cannot be paid after', async () => {
    const page = await startCheckout(alice, 'argent');
    const cancelled = await post(`${page}/cancel`);
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('/cancel');
    expect(await planOf(alice)).toBe('platino');
    const before = await counts();
    const paid = await post(`${page}/pay`);
    expect(paid.statusCode).toBe(409);
    expect(paid.body).toContain('Checkout closed');
    expect((await t.app.inject({ method: 'GET', url: page })).statusCode).toBe(409);
    expect(await counts()).toEqual(before);
    expect(await planOf(alice)).toBe('platino');
  });

  it('does not let an expired checkout be paid', async () => {
    const page = await startCheckout(other, 'argent');
    await t.app.database.db
      .updateTable('checkout_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', page.split('/').pop()!)
      .execute();
    expect((await post(`${page}/pay`)).statusCode).toBe(409);
    expect(await planOf(other)).toBe('none');
  });

  describe('webhook', () => {
    it('rejects missing, invalid and stale signatures with 400 and changes nothing', async () => {
      const org = await organisation(alice.organisationId);
      const event = subscriptionEvent('customer.subscription.deleted', {
        id: org.stripe_subscription_id!,
        status: 'canceled',
      });
      const payload = JSON.stringify(event);
      const header = (options: { secret?: string; timestamp?: number; payload?: string }) =>
        Stripe.webhooks.generateTestHeaderString({
          payload: options.payload ?? payload,
          secret: options.secret ?? secret,
          ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
        });
      const before = await counts();
      const attempts = [
        { signature: undefined, error: 'Missing Stripe-Signature header.' },
        { signature: '', error: 'Missing Stripe-Signature header.' },
        { signature: 'garbage', error: 'Invalid webhook signature.' },
        { signature: header({ secret: 'whsec_wrong' }), error: 'Invalid webhook signature.' },
        {
          signature: header({ timestamp: Math.floor(Date.now() / 1000) - 600 }),
          error: 'Invalid webhook signature.',
        },
        {
          signature: header({ payload: payload.replace('canceled', 'active') }),
          error: 'Invalid webhook signature.',
        },
      ];
      for (const { signature, error } of attempts) {
        const res = await webhook(payload, signature);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error });
      }
      expect(await counts()).toEqual(before);
      expect(await planOf(alice)).toBe('platino');

      const valid = await webhook(payload, header({}));
      expect(valid.statusCode).toBe(200);
      expect(valid.json()).toEqual({ received: true });
      expect(await planOf(alice)).toBe('none');
      const after = await organisation(alice.organisationId);
      expect(after.stripe_subscription_id).toBeNull();
      expect(after.stripe_customer_id).toBe(org.stripe_customer_id);
    });

    it('applies a replayed event once', async () => {
      await buy(alice, 'argent');
      const subscriptionId = (await organisation(alice.organisationId)).stripe_subscription_id!;
      const upgrade = subscriptionEvent('customer.subscription.updated', {
        id: subscriptionId,
        status: 'active',
        price: 'price_local_oro',
      });
      expect((await signed(upgrade)).statusCode).toBe(200);
      expect(await planOf(alice)).toBe('oro');
      const before = await counts();

      // A later change, then the first event delivered again: nothing changes.
      const downgrade = subscriptionEvent('customer.subscription.updated', {
        id: subscriptionId,
        status: 'active',
        planId: 'argent',
      });
      expect((await signed(downgrade)).statusCode).toBe(200);
      expect(await planOf(alice)).toBe('argent');
      const replay = await signed(upgrade);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ received: true });
      expect(await planOf(alice)).toBe('argent');
      expect((await counts()).events).toBe(before.events + 1);
      expect((await counts()).changes).toBe(before.changes + 1);
    });

    it('ignores an event older than the last one applied', async () => {
      const subscriptionId = (await organisation(alice.organisationId)).stripe_subscription_id!;
      const late = subscriptionEvent(
        'customer.subscription.updated',
        { id: subscriptionId, status: 'active', price: 'price_local_platino' },
        Math.floor(Date.now() / 1000) - 3600,
      );
      expect((await signed(late)).statusCode).toBe(200);
      expect(await planOf(alice)).toBe('argent');
    });

    it('holds no plan while a subscription is unpaid, and the plan again once it is paid', async () => {
      const subscriptionId = (await organisation(alice.organisationId)).stripe_subscription_id!;
      const unpaid = subscriptionEvent('customer.subscription.updated', {
        id: subscriptionId,
        status: 'unpaid',
        price: 'price_local_argent',
      });
      expect((await signed(unpaid)).statusCode).toBe(200);
      expect(await planOf(alice)).toBe('none');
      const paid = subscriptionEvent('customer.subscription.updated', {
        id: subscriptionId,
        status: 'active',
        price: 'price_local_argent',
      });
      expect((await signed(paid)).statusCode).toBe(200);
      expect(await planOf(alice)).toBe('argent');
    });

    it('changes nothing for subscriptions it does not know or that were replaced', async () => {
      const before = await counts();
      const replaced = await t.app.database.db
        .selectFrom('superseded_subscriptions')
        .select('subscription_id')
        .where('organisation_id', '=', alice.organisationId)
        .executeTakeFirstOrThrow();
      for (const id of [replaced.subscription_id, 'sub_unknown']) {
        const res = await signed(
          subscriptionEvent('customer.subscription.deleted', { id, status: 'canceled' }),
        );
        expect(res.statusCode).toBe(200);
      }
      expect(await planOf(alice)).toBe('argent');
      expect(await planOf(other)).toBe('none');
      expect((await counts()).changes).toBe(before.changes);
    });

    it('completes a session once when two completions arrive together', async () => {
      const page = await startCheckout(other, 'platino');
      const sessionId = page.split('/').pop()!;
      const completion = (subscription: string) => ({
        id: eventId(),
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: sessionId,
            object: 'checkout.session',
            mode: 'subscription',
            payment_status: 'paid',
            subscription,
          },
        },
      });
      const before = await counts();
      const answers = await Promise.all([
        signed(completion('sub_local_one')),
        signed(completion('sub_local_two')),
      ]);
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
      expect(await planOf(other)).toBe('platino');
      expect((await counts()).changes).toBe(before.changes + 1);
      const current = (await organisation(other.organisationId)).stripe_subscription_id;
      expect(['sub_local_one', 'sub_local_two']).toContain(current);
    });

    it('acknowledges event types it does not act on, and malformed objects', async () => {
      const before = await counts();
      for (const event of [
        { id: eventId(), object: 'event', type: 'invoice.paid', created: 1, data: { object: {} } },
        {
          id: eventId(),
          object: 'event',
          type: 'checkout.session.completed',
          created: 1,
          data: { object: { id: 42 } },
        },
        {
          id: eventId(),
          object: 'event',
          type: 'checkout.session.completed',
          created: 1,
          data: { object: { id: 'cs_unknown', mode: 'subscription', subscription: 'sub_x' } },
        },
      ]) {
        const res = await signed(event);
        expect(res.statusCode).toBe(200);
      }
      expect(await counts()).toEqual({ ...before, events: before.events + 3 });
      expect(await planOf(alice)).toBe('argent');
    });
  });
});
