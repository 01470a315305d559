import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { lowerIndexExpression, withId } from '../columns.js';

/**
 * Users, access requests, single-use password links, login throttling, and the embedded OpenID
 * provider's state (one table for every model, plus its signing and cookie keys). `account_id`
 * lets a password change revoke every session, grant and token of that user at once.
 */
export function identity(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('users'), dialect)
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('name', 'varchar(255)', (col) => col.notNull())
        .addColumn('email', 'varchar(320)', (col) => col.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('active'))
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('users_email_unique')
        .on('users')
        .unique()
        .expression(lowerIndexExpression('email'))
        .execute();
      await db.schema
        .createIndex('users_organisation_id')
        .on('users')
        .column('organisation_id')
        .execute();

      await withId(db.schema.createTable('access_requests'), dialect)
        .addColumn('name', 'varchar(255)', (col) => col.notNull())
        .addColumn('email', 'varchar(320)', (col) => col.notNull())
        .addColumn('password_hash', 'text', (col) => col.notNull())
        .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('pending'))
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('decided_at', 'varchar(32)')
        .execute();
      await db.schema
        .createIndex('access_requests_status')
        .on('access_requests')
        .column('status')
        .execute();

      // Only the SHA-256 of a link's secret is stored: a database leak reveals no usable link.
      await withId(db.schema.createTable('password_tokens'), dialect)
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('purpose', 'varchar(16)', (col) => col.notNull())
        .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('used_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('password_tokens_user_id')
        .on('password_tokens')
        .column('user_id')
        .execute();

      // Failed sign-ins per account and per address, shared by every server instance.
      await db.schema
        .createTable('login_throttles')
        .addColumn('key', 'varchar(400)', (col) => col.primaryKey())
        .addColumn('failures', 'integer', (col) => col.notNull())
        .addColumn('last_failure_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('blocked_until', 'varchar(32)', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('idp_models')
        .addColumn('model', 'varchar(64)', (col) => col.notNull())
        .addColumn('id', 'varchar(255)', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull())
        .addColumn('grant_id', 'varchar(255)')
        .addColumn('account_id', 'varchar(255)')
        .addColumn('uid', 'varchar(255)')
        .addColumn('user_code', 'varchar(255)')
        .addColumn('expires_at', 'varchar(32)')
        .addColumn('consumed_at', 'varchar(32)')
        .addPrimaryKeyConstraint('idp_models_pk', ['model', 'id'])
        .execute();
      for (const column of ['grant_id', 'account_id', 'uid', 'user_code', 'expires_at'] as const) {
        await db.schema
          .createIndex(`idp_models_${column}`)
          .on('idp_models')
          .column(column)
          .execute();
      }

      await withId(db.schema.createTable('idp_keys'), dialect)
        .addColumn('kind', 'varchar(16)', (col) => col.notNull())
        .addColumn('material', 'text', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('idp_keys_kind').on('idp_keys').column('kind').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'idp_keys',
        'idp_models',
        'login_throttles',
        'password_tokens',
        'access_requests',
        'users',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
