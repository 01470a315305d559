import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { CheckoutSessionRow } from './repository.js';
import { checkoutCompletedEvent, localSessionState } from './local-checkout.js';

const buildSession = (overrides: Partial<CheckoutSessionRow> = {}): CheckoutSessionRow => ({
  id: 'cs_local_abc',
  organisation_id: 7,
  user_id: 3,
  plan: 'oro',
  status: 'open',
  subscription_id: null,
  created_at: '2026-01-01T10:00:00.000Z',
  expires_at: '2026-01-02T10:00:00.000Z',
  completed_at: null,
  ...overrides,
});

describe('checkoutCompletedEvent', () => {
  const event = checkoutCompletedEvent({
    eventId: 'evt_local_1',
    session: buildSession(),
    customerId: 'cus_local_1',
    subscriptionId: 'sub_local_1',
    publicUrl: 'http://localhost:3000',
    now: new Date('2026-01-01T10:05:00.000Z'),
  });

  it('has the shape of Stripe’s checkout.session.completed event', () => {
    expect(event).toMatchObject({
      id: 'evt_local_1',
      object: 'event',
      type: 'checkout.session.completed',
      created: Date.parse('2026-01-01T10:05:00.000Z') / 1000,
      livemode: false,
      data: {
        object: {
          id: 'cs_local_abc',
          object: 'checkout.session',
          mode: 'subscription',
          status: 'complete',
          payment_status: 'paid',
          customer: 'cus_local_1',
          subscription: 'sub_local_1',
          client_reference_id: '7',
          metadata: { organisationId: '7', planId: 'oro', userId: '3' },
          amount_total: 19900,
          currency: 'usd',
          success_url: 'http://localhost:3000/success',
          cancel_url: 'http://localhost:3000/cancel',
        },
      },
    });
  });

  it('verifies with the SDK once signed with the local secret', () => {
    const payload = JSON.stringify(event);
    const secret = 'whsec_local_test';
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const verified = Stripe.webhooks.constructEvent(payload, header, secret);
    expect(verified.id).toBe('evt_local_1');
    expect(() => Stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow();
  });
});

describe('localSessionState', () => {
  const now = new Date('2026-01-01T12:00:00.000Z');

  it('is open until paid, cancelled or expired', () => {
    expect(localSessionState(buildSession(), now)).toBe('open');
    expect(localSessionState(buildSession({ status: 'complete' }), now)).toBe('complete');
    expect(localSessionState(buildSession({ status: 'cancelled' }), now)).toBe('closed');
    expect(localSessionState(buildSession({ expires_at: '2026-01-01T12:00:00.000Z' }), now)).toBe(
      'closed',
    );
  });
});
