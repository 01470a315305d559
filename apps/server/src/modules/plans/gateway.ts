import type { PlanId } from '@brezza/contract';

export interface NewCustomer {
  organisationId: number;
  organisationName: string;
  /** The operator buying: Stripe sends receipts and invoices there. */
  email: string;
}

export interface CheckoutRequest {
  organisationId: number;
  userId: number;
  planId: PlanId;
  customerId: string;
}

export interface CreatedCheckout {
  id: string;
  /** Where the browser goes to pay. */
  url: string;
  expiresAt: string;
}

/**
 * Where plans are paid for: Stripe, or the product's own test checkout. Everything else (which
 * plan an organisation holds, replay protection, who changed what) is the same code for both.
 */
export interface BillingGateway {
  readonly mode: 'local' | 'stripe';
  /** The secret webhook signatures are verified with. */
  readonly webhookSecret: string;
  /** Each plan's price id, to tell a subscription's plan from the price it bills. */
  readonly prices: Record<PlanId, string>;
  /** Whether a stored customer id belongs to this gateway (not to the other mode). */
  ownsCustomer(customerId: string): boolean;
  createCustomer(customer: NewCustomer): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** Stops billing a subscription a newer purchase replaced; one already ended is fine. */
  cancelSubscription(subscriptionId: string): Promise<void>;
}

/** The stored customer no longer exists at Stripe (e.g. after moving from test to live keys). */
export class UnknownCustomerError extends Error {
  override name = 'UnknownCustomerError';
}
