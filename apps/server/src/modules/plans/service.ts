import type { FastifyBaseLogger } from 'fastify';
import {
  planFeatures,
  type CheckoutSessionResponse,
  type CurrentPlan,
  type FeaturesResponse,
  type PlanId,
} from '@brezza/contract';
import { conflict, notFound } from '../../errors.js';
import type { AuthenticatedUser } from '../../types.js';
import { decideCompletion, decideSubscriptionSync } from './decisions.js';
import { UnknownCustomerError, type BillingGateway } from './gateway.js';
import type { BillingOrganisation, BillingRepository } from './repository.js';
import {
  checkoutSessionObjectSchema,
  eventCreatedAt,
  subscriptionObjectSchema,
  type WebhookEvent,
} from './stripe-events.js';

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

export const ALREADY_HELD_ERROR = 'Your organisation already holds this plan.';

export type PlansService = ReturnType<typeof createPlansService>;

/**
 * Plans: what an organisation holds, how it buys one, and how Stripe's (or the local
 * checkout's) verified events change it. Any signed-in operator of the organisation may buy.
 */
export function createPlansService(deps: {
  repository: BillingRepository;
  gateway: BillingGateway;
  log: FastifyBaseLogger;
}) {
  const { repository, gateway, log } = deps;

  async function organisationOf(user: AuthenticatedUser): Promise<BillingOrganisation> {
    const organisation = await repository.organisation(user.organisationId);
    if (!organisation) throw notFound('Organisation not found.');
    return organisation;
  }

  /**
   * The organisation's customer at the gateway, created once and kept. `unusable` is a stored
   * id the gateway has just said it does not know.
   */
  async function customerOf(
    organisation: BillingOrganisation,
    user: AuthenticatedUser,
    unusable: string | null = null,
  ): Promise<string> {
    const stored = organisation.stripeCustomerId;
    if (stored && gateway.ownsCustomer(stored) && stored !== unusable) return stored;
    const created = await gateway.createCustomer({
      organisationId: organisation.id,
      organisationName: organisation.name,
      email: user.email,
    });
    await repository.setCustomer(organisation.id, created, stored);
    // Another request may have stored its customer first; everyone uses the stored one.
    return (await repository.organisation(organisation.id))?.stripeCustomerId ?? created;
  }

  /** Events that change nothing are still claimed, so that a replay is told apart. */
  async function claimOnly(event: WebhookEvent): Promise<WebhookOutcome> {
    return (await repository.claimEvent(event)) ? 'ignored' : 'duplicate';
  }

  async function completeCheckout(event: WebhookEvent): Promise<WebhookOutcome> {
    const parsed = checkoutSessionObjectSchema.safeParse(event.data.object);
    if (!parsed.success || parsed.data.mode !== 'subscription' || !parsed.data.subscription) {
      return claimOnly(event);
    }
    // Delayed payment methods complete the session unpaid; async_payment_succeeded follows.
    if (event.type === 'checkout.session.completed' && parsed.data.payment_status === 'unpaid') {
      return claimOnly(event);
    }
    const sessionId = parsed.data.id;
    const subscriptionId = parsed.data.subscription;
    return repository.transaction(async (tx) => {
      if (!(await tx.claimEvent(event))) return 'duplicate';
      const session = await tx.checkoutSession(sessionId);
      const claimed = session && (await tx.completeCheckoutSession(session.id, subscriptionId));
      const organisation = claimed ? await tx.organisation(session.organisation_id) : undefined;
      const decision = decideCompletion({
        session,
        subscriptionId,
        currentSubscriptionId: organisation?.stripeSubscriptionId ?? null,
        newerPurchaseApplied: session ? await tx.newerCompletedCheckout(session) : false,
      });
      if (decision.kind === 'ignore' || !session || !organisation) {
        log.info({ eventId: event.id, sessionId }, 'checkout completion ignored');
        return 'ignored';
      }
      if (decision.kind === 'stale') {
        await tx.supersede(organisation.id, subscriptionId);
        return 'applied';
      }
      await tx.setSubscription(organisation.id, {
        plan: decision.plan,
        subscriptionId,
        syncedAt: eventCreatedAt(event),
      });
      if (decision.replaces) await tx.supersede(organisation.id, decision.replaces);
      await tx.recordPlanChange({
        organisationId: organisation.id,
        fromPlan: organisation.plan,
        toPlan: decision.plan,
        changedByUserId: session.user_id,
        source: 'checkout',
        stripeEventId: event.id,
        stripeSubscriptionId: subscriptionId,
      });
      return 'applied';
    });
  }

  async function syncSubscription(event: WebhookEvent): Promise<WebhookOutcome> {
    const parsed = subscriptionObjectSchema.safeParse(event.data.object);
    if (!parsed.success) return claimOnly(event);
    const subscription = parsed.data;
    return repository.transaction(async (tx) => {
      if (!(await tx.claimEvent(event))) return 'duplicate';
      // Only the organisation's current subscription decides its plan: events about one that
      // a newer purchase replaced change nothing.
      const organisation = await tx.organisationBySubscription(subscription.id);
      if (!organisation) return 'ignored';
      const decision = decideSubscriptionSync({
        deleted: event.type === 'customer.subscription.deleted',
        eventCreatedAt: eventCreatedAt(event),
        organisation,
        subscription: {
          id: subscription.id,
          status: subscription.status,
          priceIds: (subscription.items?.data ?? []).flatMap((item) =>
            item.price ? [item.price.id] : [],
          ),
          metadataPlan: subscription.metadata?.planId,
        },
        prices: gateway.prices,
      });
      if (decision.kind === 'ignore') return 'ignored';
      await tx.setSubscription(organisation.id, {
        plan: decision.plan,
        subscriptionId: decision.subscriptionId,
        syncedAt: eventCreatedAt(event),
      });
      if (decision.plan !== organisation.plan) {
        await tx.recordPlanChange({
          organisationId: organisation.id,
          fromPlan: organisation.plan,
          toPlan: decision.plan,
          changedByUserId: null,
          source: 'stripe',
          stripeEventId: event.id,
          stripeSubscriptionId: subscription.id,
        });
      }
      return 'applied';
    });
  }

  /**
   * Cancels every replaced subscription not yet cancelled. It runs after each webhook, so one
   * that failed (and made Stripe retry the event) is finished by a later delivery.
   */
  async function cancelReplacedSubscriptions(): Promise<void> {
    for (const subscriptionId of await repository.pendingCancellations()) {
      await gateway.cancelSubscription(subscriptionId);
      await repository.markCancelled(subscriptionId);
      log.info({ subscriptionId }, 'replaced subscription cancelled');
    }
  }

  return {
    /** The plan an organisation holds now ('none' for one that is gone or never bought). */
    async planOf(organisationId: number): Promise<CurrentPlan> {
      return (await repository.organisation(organisationId))?.plan ?? 'none';
    },

    async features(user: AuthenticatedUser): Promise<FeaturesResponse> {
      const organisation = await organisationOf(user);
      return { features: planFeatures(organisation.plan) };
    },

    async createCheckoutSession(
      user: AuthenticatedUser,
      planId: PlanId,
    ): Promise<CheckoutSessionResponse> {
      const organisation = await organisationOf(user);
      if (organisation.plan === planId) throw conflict(ALREADY_HELD_ERROR);
      const request = { organisationId: organisation.id, userId: user.id, planId };
      const customerId = await customerOf(organisation, user);
      let checkout;
      try {
        checkout = await gateway.createCheckout({ ...request, customerId });
      } catch (error) {
        if (!(error instanceof UnknownCustomerError)) throw error;
        log.warn(
          { organisationId: organisation.id },
          'stored Stripe customer is gone; creating one',
        );
        const current = (await repository.organisation(organisation.id)) ?? organisation;
        const replacement = await customerOf(current, user, customerId);
        checkout = await gateway.createCheckout({ ...request, customerId: replacement });
      }
      await repository.insertCheckoutSession({
        id: checkout.id,
        organisationId: organisation.id,
        userId: user.id,
        plan: planId,
        expiresAt: checkout.expiresAt,
      });
      return { url: checkout.url };
    },

    /** Applies one verified event at most once, then finishes any pending cancellation. */
    async handleEvent(event: WebhookEvent): Promise<WebhookOutcome> {
      let outcome: WebhookOutcome;
      if (await repository.eventSeen(event.id)) outcome = 'duplicate';
      else if (
        event.type === 'checkout.session.completed' ||
        event.type === 'checkout.session.async_payment_succeeded'
      ) {
        outcome = await completeCheckout(event);
      } else if (
        event.type === 'customer.subscription.updated' ||
        event.type === 'customer.subscription.deleted'
      ) {
        outcome = await syncSubscription(event);
      } else outcome = await claimOnly(event);
      await cancelReplacedSubscriptions();
      return outcome;
    },
  };
}
