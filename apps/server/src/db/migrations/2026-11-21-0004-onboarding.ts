import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * Onboarding and metrics: app tokens (installer and agent credential), each server's latest
 * sample, the Prometheus labels of each server (rebuilt by refresh_prometheus) and the
 * per-organisation scrape tokens. Tokens are stored only as their SHA-256.
 */
export function onboarding(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('app_tokens'), dialect)
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        // A token outlives its creator's account: the agent it installed keeps working.
        .addColumn('created_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('first_used_at', 'varchar(32)')
        .addColumn('bound_machine_id', 'varchar(64)')
        .addColumn('server_id', 'integer', (col) =>
          col.references('servers.id').onDelete('set null'),
        )
        // The name the agent last registered: a restart renames the server only when it changed.
        .addColumn('registered_name', 'varchar(255)')
        .addColumn('revoked_at', 'varchar(32)')
        .execute();
      await db.schema
        .createIndex('app_tokens_organisation_id')
        .on('app_tokens')
        .column('organisation_id')
        .execute();
      await db.schema
        .createIndex('app_tokens_server_id')
        .on('app_tokens')
        .column('server_id')
        .execute();
      await db.schema
        .createIndex('app_tokens_created_by')
        .on('app_tokens')
        .column('created_by')
        .execute();

      await db.schema
        .createTable('latest_samples')
        .addColumn('server_id', 'integer', (col) =>
          col.primaryKey().references('servers.id').onDelete('cascade'),
        )
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('collected_at', 'varchar(40)', (col) => col.notNull())
        .addColumn('received_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull())
        // Every sample ever acknowledged for this server, whether or not it is the latest.
        .addColumn('sample_count', 'integer', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('latest_samples_organisation_id')
        .on('latest_samples')
        .column('organisation_id')
        .execute();

      await db.schema
        .createTable('metric_labels')
        .addColumn('server_id', 'integer', (col) =>
          col.primaryKey().references('servers.id').onDelete('cascade'),
        )
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('organisation', 'varchar(255)', (col) => col.notNull())
        .addColumn('datacenter', 'varchar(255)', (col) => col.notNull())
        .addColumn('room', 'varchar(255)', (col) => col.notNull())
        .addColumn('rack', 'varchar(255)', (col) => col.notNull())
        .addColumn('server', 'varchar(255)', (col) => col.notNull())
        .addColumn('machine_id', 'varchar(255)', (col) => col.notNull())
        .addColumn('refreshed_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('metric_labels_organisation_id')
        .on('metric_labels')
        .column('organisation_id')
        .execute();

      await withId(db.schema.createTable('scrape_tokens'), dialect)
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('note', 'varchar(255)')
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('revoked_at', 'varchar(32)')
        .execute();
      await db.schema
        .createIndex('scrape_tokens_organisation_id')
        .on('scrape_tokens')
        .column('organisation_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['scrape_tokens', 'metric_labels', 'latest_samples', 'app_tokens']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
