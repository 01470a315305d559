import type { Kysely, Selectable } from 'kysely';
import type { CurrentPlan, PlanId } from '@brezza/contract';
import type { CheckoutSessionsTable, DB, PlanChangesTable } from '../../db/schema.js';
import { nowIso } from '../../db/columns.js';
import { randomToken } from '../../lib/secrets.js';

export type CheckoutSessionRow = Selectable<CheckoutSessionsTable>;

export interface BillingOrganisation {
  id: number;
  name: string;
  plan: CurrentPlan;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  subscriptionSyncedAt: string | null;
}

export interface PlanChange {
  organisationId: number;
  fromPlan: CurrentPlan;
  toPlan: CurrentPlan;
  changedByUserId: number | null;
  source: Selectable<PlanChangesTable>['source'];
  stripeEventId: string;
  stripeSubscriptionId: string | null;
}

const LOCAL_WEBHOOK_SECRET = 'local_webhook_secret';

export type BillingQueries = ReturnType<typeof billingQueries>;

export interface BillingRepository extends BillingQueries {
  /** Runs `work` in one transaction: an event's id, the plan it changes and the record of
   * that change commit together, or not at all. */
  transaction<T>(work: (tx: BillingQueries) => Promise<T>): Promise<T>;
}

export function createBillingRepository(db: Kysely<DB>): BillingRepository {
  return {
    ...billingQueries(db),
    transaction: (work) => db.transaction().execute((trx) => work(billingQueries(trx))),
  };
}

/** SQL for plans and billing, on the database or on an open transaction. */
function billingQueries(db: Kysely<DB>) {
  const organisationColumns = [
    'id',
    'name',
    'plan',
    'stripe_customer_id as stripeCustomerId',
    'stripe_subscription_id as stripeSubscriptionId',
    'subscription_synced_at as subscriptionSyncedAt',
  ] as const;

  return {
    async organisation(id: number): Promise<BillingOrganisation | undefined> {
      return db
        .selectFrom('organisations')
        .select(organisationColumns)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async organisationBySubscription(
      subscriptionId: string,
    ): Promise<BillingOrganisation | undefined> {
      return db
        .selectFrom('organisations')
        .select(organisationColumns)
        .where('stripe_subscription_id', '=', subscriptionId)
        .executeTakeFirst();
    },

    /**
     * Stores a customer id only if the stored one is still `expected`: of two concurrent
     * requests the first wins, and the second's customer is simply not used.
     */
    async setCustomer(
      organisationId: number,
      customerId: string,
      expected: string | null,
    ): Promise<void> {
      await db
        .updateTable('organisations')
        .set({ stripe_customer_id: customerId })
        .where('id', '=', organisationId)
        .where('stripe_customer_id', expected === null ? 'is' : '=', expected)
        .execute();
    },

    async setSubscription(
      organisationId: number,
      change: { plan: CurrentPlan; subscriptionId: string | null; syncedAt: string },
    ): Promise<void> {
      await db
        .updateTable('organisations')
        .set({
          plan: change.plan,
          stripe_subscription_id: change.subscriptionId,
          subscription_synced_at: change.syncedAt,
        })
        .where('id', '=', organisationId)
        .execute();
    },

    async insertCheckoutSession(session: {
      id: string;
      organisationId: number;
      userId: number;
      plan: PlanId;
      expiresAt: string;
    }): Promise<void> {
      await db
        .insertInto('checkout_sessions')
        .values({
          id: session.id,
          organisation_id: session.organisationId,
          user_id: session.userId,
          plan: session.plan,
          status: 'open',
          subscription_id: null,
          created_at: nowIso(),
          expires_at: session.expiresAt,
          completed_at: null,
        })
        .execute();
    },

    async checkoutSession(id: string): Promise<CheckoutSessionRow | undefined> {
      return db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Whether a purchase started after this one has already taken effect. */
    async newerCompletedCheckout(session: CheckoutSessionRow): Promise<boolean> {
      const row = await db
        .selectFrom('checkout_sessions')
        .select('id')
        .where('organisation_id', '=', session.organisation_id)
        .where('status', '=', 'complete')
        .where('created_at', '>', session.created_at)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Marks a session complete; false when it already was. As an update, it makes a concurrent
     * completion of the same session wait for this transaction, then find it complete.
     */
    async completeCheckoutSession(id: string, subscriptionId: string): Promise<boolean> {
      const result = await db
        .updateTable('checkout_sessions')
        .set({ status: 'complete', subscription_id: subscriptionId, completed_at: nowIso() })
        .where('id', '=', id)
        .where('status', '!=', 'complete')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Cancels an open session; answers whether it was still open. */
    async cancelCheckoutSession(id: string): Promise<boolean> {
      const result = await db
        .updateTable('checkout_sessions')
        .set({ status: 'cancelled' })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Claims an event id; false when it was claimed before (a replay or a concurrent delivery). */
    async claimEvent(event: { id: string; type: string }): Promise<boolean> {
      const result = await db
        .insertInto('billing_events')
        .values({ id: event.id, type: event.type.slice(0, 100), received_at: nowIso() })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async eventSeen(id: string): Promise<boolean> {
      const row = await db
        .selectFrom('billing_events')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    async recordPlanChange(change: PlanChange): Promise<void> {
      await db
        .insertInto('plan_changes')
        .values({
          organisation_id: change.organisationId,
          from_plan: change.fromPlan,
          to_plan: change.toPlan,
          changed_by_user_id: change.changedByUserId,
          source: change.source,
          stripe_event_id: change.stripeEventId,
          stripe_subscription_id: change.stripeSubscriptionId,
          created_at: nowIso(),
        })
        .execute();
    },

    async planChanges(organisationId: number) {
      return db
        .selectFrom('plan_changes')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .orderBy('id')
        .execute();
    },

    async supersede(organisationId: number, subscriptionId: string): Promise<void> {
      await db
        .insertInto('superseded_subscriptions')
        .values({
          subscription_id: subscriptionId,
          organisation_id: organisationId,
          superseded_at: nowIso(),
          cancelled_at: null,
        })
        .onConflict((oc) => oc.column('subscription_id').doNothing())
        .execute();
    },

    async pendingCancellations(): Promise<string[]> {
      const rows = await db
        .selectFrom('superseded_subscriptions')
        .select('subscription_id')
        .where('cancelled_at', 'is', null)
        .orderBy('superseded_at')
        .execute();
      return rows.map((row) => row.subscription_id);
    },

    async markCancelled(subscriptionId: string): Promise<void> {
      await db
        .updateTable('superseded_subscriptions')
        .set({ cancelled_at: nowIso() })
        .where('subscription_id', '=', subscriptionId)
        .execute();
    },

    /**
     * The local checkout's webhook signing secret: made once, kept in the database so that every
     * server instance signs and verifies with the same one.
     */
    async localWebhookSecret(): Promise<string> {
      await db
        .insertInto('billing_settings')
        .values({
          name: LOCAL_WEBHOOK_SECRET,
          value: `whsec_local_${randomToken(32)}`,
        })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db
        .selectFrom('billing_settings')
        .select('value')
        .where('name', '=', LOCAL_WEBHOOK_SECRET)
        .executeTakeFirstOrThrow();
      return row.value;
    },
  };
}
