import { isPlanId, type CurrentPlan, type PlanId } from '@brezza/contract';
import type { CheckoutSessionStatus } from '../../db/schema.js';

/**
 * The rules that keep an organisation's plan true whatever order Stripe delivers events in.
 * Pure, so that every case is a unit test.
 */

export type CompletionDecision =
  | { kind: 'ignore'; reason: string }
  /** A newer purchase already took effect: this subscription is replaced at once. */
  | { kind: 'stale'; subscriptionId: string }
  | { kind: 'activate'; plan: PlanId; subscriptionId: string; replaces: string | null };

export function decideCompletion(input: {
  /** Our record of the checkout session; undefined when we never started it. */
  session: { status: CheckoutSessionStatus; plan: PlanId } | undefined;
  subscriptionId: string;
  currentSubscriptionId: string | null;
  /** Whether a checkout started after this one has already completed. */
  newerPurchaseApplied: boolean;
}): CompletionDecision {
  const { session, subscriptionId, currentSubscriptionId } = input;
  if (!session) return { kind: 'ignore', reason: 'not a checkout session of ours' };
  if (session.status === 'complete') return { kind: 'ignore', reason: 'already complete' };
  // A cancelled session that Stripe still reports paid was paid: honour it.
  if (input.newerPurchaseApplied) return { kind: 'stale', subscriptionId };
  return {
    kind: 'activate',
    plan: session.plan,
    subscriptionId,
    replaces:
      currentSubscriptionId !== null && currentSubscriptionId !== subscriptionId
        ? currentSubscriptionId
        : null,
  };
}

/** Stripe subscription statuses in which the customer holds the plan they pay for. */
const HOLDING = new Set(['active', 'trialing', 'past_due']);
/** Statuses a subscription never leaves. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

export type SyncDecision =
  | { kind: 'ignore'; reason: string }
  | { kind: 'apply'; plan: CurrentPlan; subscriptionId: string | null };

export function planFromPrices(
  priceIds: readonly string[],
  prices: Record<PlanId, string>,
): PlanId | undefined {
  const entries = Object.entries(prices) as [PlanId, string][];
  return entries.find(([, priceId]) => priceIds.includes(priceId))?.[0];
}

export function decideSubscriptionSync(input: {
  deleted: boolean;
  /** ISO time the event was created at Stripe. */
  eventCreatedAt: string;
  organisation: { plan: CurrentPlan; subscriptionSyncedAt: string | null };
  subscription: { id: string; status: string; priceIds: readonly string[]; metadataPlan?: string };
  prices: Record<PlanId, string>;
}): SyncDecision {
  const { organisation, subscription } = input;
  const syncedAt = organisation.subscriptionSyncedAt;
  if (syncedAt !== null && input.eventCreatedAt < syncedAt) {
    return { kind: 'ignore', reason: 'older than the last event applied' };
  }
  if (input.deleted || ENDED.has(subscription.status)) {
    return { kind: 'apply', plan: 'none', subscriptionId: null };
  }
  if (!HOLDING.has(subscription.status)) {
    // incomplete, unpaid, paused: no plan for now, but the subscription may still recover.
    return { kind: 'apply', plan: 'none', subscriptionId: subscription.id };
  }
  const plan =
    planFromPrices(subscription.priceIds, input.prices) ??
    (isPlanId(subscription.metadataPlan) ? subscription.metadataPlan : organisation.plan);
  return { kind: 'apply', plan, subscriptionId: subscription.id };
}
