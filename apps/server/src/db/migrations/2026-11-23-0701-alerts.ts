import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * Alerts (issue 13).
 * - `alert_rules`: scope and condition as JSON (the contract's schemas); `builtin` names the
 *   default-pack rule a row started as.
 * - `alert_packs`: one row per organisation once its default pack was inserted (its primary
 *   key makes the insertion happen once, whichever instance gets there first).
 * - `alert_states`: one row per rule, device and series; `version` is the compare-and-set
 *   every transition goes through, so two instances record a transition once.
 * - `alert_events`: the history of transitions; `notification_deliveries` one row per event
 *   and channel, claimed by `claimed_until` and retried with backoff.
 * - `silences` and `notification_channels` (a webhook's signing secret is kept to sign with).
 */
export function alerts(dialect: Dialect): Migration {
  const organisation = (col: ColumnDefinitionBuilder) =>
    col.notNull().references('organisations.id').onDelete('cascade');
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('alert_rules'), dialect)
        .addColumn('organisation_id', 'integer', organisation)
        .addColumn('name', 'varchar(120)', (col) => col.notNull())
        .addColumn('enabled', 'integer', (col) => col.notNull())
        .addColumn('severity', 'varchar(16)', (col) => col.notNull())
        .addColumn('scope', 'text', (col) => col.notNull())
        .addColumn('metric', 'varchar(100)')
        .addColumn('condition', 'text', (col) => col.notNull())
        .addColumn('for_seconds', 'integer', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('builtin', 'varchar(64)')
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('alert_rules_organisation_id')
        .on('alert_rules')
        .column('organisation_id')
        .execute();

      await db.schema
        .createTable('alert_packs')
        .addColumn('organisation_id', 'integer', (col) =>
          col.primaryKey().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();

      await withId(db.schema.createTable('alert_states'), dialect)
        .addColumn('organisation_id', 'integer', organisation)
        .addColumn('rule_id', 'integer', (col) =>
          col.notNull().references('alert_rules.id').onDelete('cascade'),
        )
        .addColumn('device_id', 'integer', (col) =>
          col.notNull().references('servers.id').onDelete('cascade'),
        )
        .addColumn('series_key', 'varchar(500)', (col) => col.notNull())
        .addColumn('state', 'varchar(16)', (col) => col.notNull())
        .addColumn('since_ms', 'bigint', (col) => col.notNull())
        .addColumn('value', 'varchar(64)')
        .addColumn('evaluated_ms', 'bigint', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('acknowledged_by', 'varchar(255)')
        .addColumn('acknowledged_at', 'varchar(32)')
        .execute();
      await db.schema
        .createIndex('alert_states_series')
        .on('alert_states')
        .columns(['rule_id', 'device_id', 'series_key'])
        .unique()
        .execute();
      await db.schema
        .createIndex('alert_states_organisation_state')
        .on('alert_states')
        .columns(['organisation_id', 'state'])
        .execute();
      await db.schema
        .createIndex('alert_states_device_id')
        .on('alert_states')
        .column('device_id')
        .execute();

      await withId(db.schema.createTable('alert_events'), dialect)
        .addColumn('organisation_id', 'integer', organisation)
        .addColumn('state_id', 'integer', (col) =>
          col.notNull().references('alert_states.id').onDelete('cascade'),
        )
        .addColumn('transition', 'varchar(16)', (col) => col.notNull())
        .addColumn('value', 'varchar(64)')
        .addColumn('silenced', 'integer', (col) => col.notNull())
        .addColumn('at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('alert_events_organisation')
        .on('alert_events')
        .columns(['organisation_id', 'id'])
        .execute();
      await db.schema
        .createIndex('alert_events_state_id')
        .on('alert_events')
        .column('state_id')
        .execute();

      await withId(db.schema.createTable('silences'), dialect)
        .addColumn('organisation_id', 'integer', organisation)
        .addColumn('scope', 'text', (col) => col.notNull())
        .addColumn('rule_id', 'integer', (col) =>
          col.references('alert_rules.id').onDelete('cascade'),
        )
        .addColumn('severity', 'varchar(16)')
        .addColumn('starts_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('ends_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('author', 'varchar(255)', (col) => col.notNull())
        .addColumn('comment', 'text', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('silences_organisation_id')
        .on('silences')
        .column('organisation_id')
        .execute();
      await db.schema.createIndex('silences_rule_id').on('silences').column('rule_id').execute();

      await withId(db.schema.createTable('notification_channels'), dialect)
        .addColumn('organisation_id', 'integer', organisation)
        .addColumn('name', 'varchar(120)', (col) => col.notNull())
        .addColumn('kind', 'varchar(16)', (col) => col.notNull())
        .addColumn('target', 'varchar(500)', (col) => col.notNull())
        .addColumn('secret', 'varchar(128)')
        .addColumn('min_severity', 'varchar(16)', (col) => col.notNull())
        .addColumn('scope', 'text', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('notification_channels_organisation_id')
        .on('notification_channels')
        .column('organisation_id')
        .execute();

      await withId(db.schema.createTable('notification_deliveries'), dialect)
        .addColumn('organisation_id', 'integer', organisation)
        .addColumn('channel_id', 'integer', (col) =>
          col.notNull().references('notification_channels.id').onDelete('cascade'),
        )
        .addColumn('event_id', 'integer', (col) =>
          col.notNull().references('alert_events.id').onDelete('cascade'),
        )
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull())
        .addColumn('last_error', 'text')
        .addColumn('next_attempt_at', 'varchar(32)')
        .addColumn('claimed_until', 'varchar(32)')
        .addColumn('delivered_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('notification_deliveries_due')
        .on('notification_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('notification_deliveries_organisation')
        .on('notification_deliveries')
        .columns(['organisation_id', 'id'])
        .execute();
      await db.schema
        .createIndex('notification_deliveries_channel_id')
        .on('notification_deliveries')
        .column('channel_id')
        .execute();
      await db.schema
        .createIndex('notification_deliveries_event_id')
        .on('notification_deliveries')
        .column('event_id')
        .execute();
    },
  };
}
