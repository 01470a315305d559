import { LOCAL_CHECKOUT_PREFIX, PLAN_IDS, type PlanId } from '@brezza/contract';
import type { BillingGateway } from './gateway.js';
import { randomToken } from '../../lib/secrets.js';

/** Ids of the local checkout look like Stripe's, with a `_local_` mark that Stripe never uses. */
export const LOCAL_ID = {
  customer: 'cus_local_',
  session: 'cs_local_',
  subscription: 'sub_local_',
  event: 'evt_local_',
} as const;

/** Long enough to be unguessable: the checkout URL is all that lets a browser pay. */
export const localId = (prefix: string) => `${prefix}${randomToken(24)}`;

export const isLocalSession = (id: string) => id.startsWith(LOCAL_ID.session);

/** Local sessions expire like Stripe's: 24 hours after they are created. */
export const LOCAL_SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

const LOCAL_PRICES = Object.fromEntries(PLAN_IDS.map((id) => [id, `price_local_${id}`])) as Record<
  PlanId,
  string
>;

/**
 * The default gateway: checkout is a page of our own (see local-checkout.ts), and a
 * subscription exists only as our rows, so there is no outside billing to stop when a newer
 * purchase replaces one.
 */
export function createLocalGateway(options: {
  publicUrl: string;
  webhookSecret: string;
}): BillingGateway {
  return {
    mode: 'local',
    webhookSecret: options.webhookSecret,
    prices: LOCAL_PRICES,
    ownsCustomer: (customerId) => customerId.startsWith(LOCAL_ID.customer),
    async createCustomer() {
      return localId(LOCAL_ID.customer);
    },
    async createCheckout() {
      const id = localId(LOCAL_ID.session);
      return {
        id,
        url: `${options.publicUrl}${LOCAL_CHECKOUT_PREFIX}${id}`,
        expiresAt: new Date(Date.now() + LOCAL_SESSION_LIFETIME_MS).toISOString(),
      };
    },
    async cancelSubscription() {},
  };
}
