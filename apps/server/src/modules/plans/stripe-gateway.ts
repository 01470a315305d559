import Stripe from 'stripe';
import { PLAN_CANCEL_PATH, PLAN_SUCCESS_PATH } from '@brezza/contract';
import type { BillingSettings } from '../../config.js';
import { HttpError } from '../../errors.js';
import { LOCAL_ID } from './local-gateway.js';
import { UnknownCustomerError, type BillingGateway } from './gateway.js';

type StripeSettings = Extract<BillingSettings, { mode: 'stripe' }>;

/** The official SDK; STRIPE_API_URL points it elsewhere (stripe-mock, an egress proxy). */
export function createStripeClient(settings: StripeSettings): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const protocol = api?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Brezza' },
    ...(api
      ? { host: api.hostname, port: api.port || (protocol === 'http' ? 80 : 443), protocol }
      : {}),
  });
}

const isMissing = (error: unknown, param?: string) =>
  error instanceof Stripe.errors.StripeInvalidRequestError &&
  error.code === 'resource_missing' &&
  (param === undefined || error.param === param);

/** Stripe's errors answer 502 (a failure upstream, not ours); their detail goes to the log. */
async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isMissing(error, 'customer'))
      throw new UnknownCustomerError('customer not found at Stripe');
    if (error instanceof Stripe.errors.StripeError) {
      throw Object.assign(new HttpError(502, `Stripe request failed: ${error.message}`), {
        cause: error,
      });
    }
    throw error;
  }
}

export function createStripeGateway(
  settings: StripeSettings,
  options: { publicUrl: string },
): BillingGateway {
  const stripe = createStripeClient(settings);
  return {
    mode: 'stripe',
    webhookSecret: settings.webhookSecret,
    prices: settings.prices,
    ownsCustomer: (customerId) => !customerId.startsWith(LOCAL_ID.customer),

    async createCustomer({ organisationId, organisationName, email }) {
      const customer = await callStripe(() =>
        stripe.customers.create({
          name: organisationName,
          email,
          metadata: { organisationId: String(organisationId) },
        }),
      );
      return customer.id;
    },

    async createCheckout({ organisationId, userId, planId, customerId }) {
      const metadata = { organisationId: String(organisationId), planId };
      const session = await callStripe(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          line_items: [{ price: settings.prices[planId], quantity: 1 }],
          success_url: `${options.publicUrl}${PLAN_SUCCESS_PATH}`,
          cancel_url: `${options.publicUrl}${PLAN_CANCEL_PATH}`,
          client_reference_id: String(organisationId),
          metadata: { ...metadata, userId: String(userId) },
          subscription_data: { metadata },
        }),
      );
      if (!session.url)
        throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
      return {
        id: session.id,
        url: session.url,
        expiresAt: new Date(session.expires_at * 1000).toISOString(),
      };
    },

    async cancelSubscription(subscriptionId) {
      // Subscriptions of the local checkout never existed at Stripe.
      if (subscriptionId.startsWith(LOCAL_ID.subscription)) return;
      try {
        const subscription = await stripe.subscriptions.retrieve(subscriptionId);
        if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
          return;
        }
        // Credit the unused part of the replaced plan against the next invoice.
        await stripe.subscriptions.cancel(subscriptionId, { prorate: true, invoice_now: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
    },
  };
}
