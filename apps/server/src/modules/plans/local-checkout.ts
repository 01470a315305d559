import { PLAN_CANCEL_PATH, PLAN_SUCCESS_PATH, planById } from '@brezza/contract';
import type { CheckoutSessionRow } from './repository.js';

const seconds = (iso: string | Date) => Math.floor(new Date(iso).getTime() / 1000);

/**
 * The event Stripe sends when a subscription checkout is paid (`checkout.session.completed`), in
 * Stripe's own shape, for the local checkout to sign and send to the same webhook handler.
 */
export function checkoutCompletedEvent(input: {
  eventId: string;
  session: CheckoutSessionRow;
  customerId: string;
  subscriptionId: string;
  publicUrl: string;
  now: Date;
}) {
  const { session } = input;
  const cents = planById(session.plan).monthlyPriceUsd * 100;
  const metadata = {
    organisationId: String(session.organisation_id),
    planId: session.plan,
    ...(session.user_id === null ? {} : { userId: String(session.user_id) }),
  };
  return {
    id: input.eventId,
    object: 'event',
    api_version: null,
    created: seconds(input.now),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        customer: input.customerId,
        subscription: input.subscriptionId,
        client_reference_id: String(session.organisation_id),
        metadata,
        amount_subtotal: cents,
        amount_total: cents,
        currency: 'usd',
        created: seconds(session.created_at),
        expires_at: seconds(session.expires_at),
        livemode: false,
        success_url: `${input.publicUrl}${PLAN_SUCCESS_PATH}`,
        cancel_url: `${input.publicUrl}${PLAN_CANCEL_PATH}`,
        url: null,
      },
    },
  };
}

export type LocalSessionState = 'open' | 'complete' | 'closed';

/** What the local checkout may still do with a session: pay it, or only say it is over. */
export function localSessionState(session: CheckoutSessionRow, now: Date): LocalSessionState {
  if (session.status === 'complete') return 'complete';
  if (session.status === 'cancelled' || session.expires_at <= now.toISOString()) return 'closed';
  return 'open';
}
