import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * Plans and billing: each organisation's Stripe customer and current subscription, the checkout
 * sessions operators start (who, which plan), the webhook events already applied (so a replay
 * changes nothing), every plan change with who and when, and the local checkout's signing secret.
 */
export function billing(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // SQLite adds one column per ALTER TABLE statement.
      await db.schema
        .alterTable('organisations')
        .addColumn('stripe_customer_id', 'varchar(255)')
        .execute();
      await db.schema
        .alterTable('organisations')
        .addColumn('stripe_subscription_id', 'varchar(255)')
        .execute();
      // When the last subscription event applied to the plan was created at Stripe: an older
      // event delivered late must not undo a newer one.
      await db.schema
        .alterTable('organisations')
        .addColumn('subscription_synced_at', 'varchar(32)')
        .execute();
      await db.schema
        .createIndex('organisations_stripe_customer_id')
        .on('organisations')
        .column('stripe_customer_id')
        .unique()
        .execute();
      await db.schema
        .createIndex('organisations_stripe_subscription_id')
        .on('organisations')
        .column('stripe_subscription_id')
        .unique()
        .execute();

      await db.schema
        .createTable('checkout_sessions')
        .addColumn('id', 'varchar(255)', (col) => col.primaryKey())
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('plan', 'varchar(16)', (col) => col.notNull())
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('subscription_id', 'varchar(255)')
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('completed_at', 'varchar(32)')
        .execute();
      await db.schema
        .createIndex('checkout_sessions_organisation_status')
        .on('checkout_sessions')
        .columns(['organisation_id', 'status', 'created_at'])
        .execute();

      await db.schema
        .createTable('billing_events')
        .addColumn('id', 'varchar(255)', (col) => col.primaryKey())
        .addColumn('type', 'varchar(100)', (col) => col.notNull())
        .addColumn('received_at', 'varchar(32)', (col) => col.notNull())
        .execute();

      await withId(db.schema.createTable('plan_changes'), dialect)
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('from_plan', 'varchar(16)', (col) => col.notNull())
        .addColumn('to_plan', 'varchar(16)', (col) => col.notNull())
        .addColumn('changed_by_user_id', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('source', 'varchar(16)', (col) => col.notNull())
        .addColumn('stripe_event_id', 'varchar(255)', (col) => col.notNull())
        .addColumn('stripe_subscription_id', 'varchar(255)')
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('plan_changes_organisation_id')
        .on('plan_changes')
        .column('organisation_id')
        .execute();

      // Subscriptions replaced by a newer purchase, until Stripe confirms they are cancelled: a
      // failed cancellation is retried on the next webhook instead of being forgotten.
      await db.schema
        .createTable('superseded_subscriptions')
        .addColumn('subscription_id', 'varchar(255)', (col) => col.primaryKey())
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('superseded_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('cancelled_at', 'varchar(32)')
        .execute();
      await db.schema
        .createIndex('superseded_subscriptions_pending')
        .on('superseded_subscriptions')
        .column('cancelled_at')
        .execute();

      await db.schema
        .createTable('billing_settings')
        .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'billing_settings',
        'superseded_subscriptions',
        'plan_changes',
        'billing_events',
        'checkout_sessions',
      ]) {
        await db.schema.dropTable(table).execute();
      }
      await db.schema.dropIndex('organisations_stripe_subscription_id').execute();
      await db.schema.dropIndex('organisations_stripe_customer_id').execute();
      for (const column of [
        'subscription_synced_at',
        'stripe_subscription_id',
        'stripe_customer_id',
      ]) {
        await db.schema.alterTable('organisations').dropColumn(column).execute();
      }
    },
  };
}
