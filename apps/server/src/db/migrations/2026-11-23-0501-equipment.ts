import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * Equipment, roles and the audit log (issue 12).
 * - `users.role`: viewer, operator or admin; every existing user becomes admin, so that nobody
 *   loses what they could do before roles existed.
 * - `servers.device_type` ('server', 'pcdu', 'pdu') and `servers.room_id` (a pCDU placed in a
 *   room without a rack): equipment shares the servers' ids and hierarchy.
 * - `equipment`: how the gateway agent reaches a unit (profile, address, SNMP settings).
 * - `equipment_readings`: each unit's latest value per sensor (the history is in the metrics store).
 * - `equipment_commands`: setpoint and network changes; a partial unique index allows one
 *   pending command per unit even under concurrent requests.
 * - `audit_log`: who changed what, when, before → after, and the result.
 */
export function equipment(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('role', 'varchar(16)', (col) => col.notNull().defaultTo('admin'))
        .execute();
      await db.schema
        .alterTable('servers')
        .addColumn('device_type', 'varchar(16)', (col) => col.notNull().defaultTo('server'))
        .execute();
      await db.schema
        .alterTable('servers')
        .addColumn('room_id', 'integer', (col) => col.references('rooms.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('servers_room_id').on('servers').column('room_id').execute();

      await db.schema
        .createTable('equipment')
        .addColumn('server_id', 'integer', (col) =>
          col.primaryKey().references('servers.id').onDelete('cascade'),
        )
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('profile', 'varchar(64)', (col) => col.notNull())
        .addColumn('host', 'varchar(255)', (col) => col.notNull())
        .addColumn('port', 'integer', (col) => col.notNull())
        .addColumn('unit_id', 'integer')
        .addColumn('snmp', 'text')
        // The agent that polls it; a deleted gateway leaves the unit unread until another is set.
        .addColumn('gateway_server_id', 'integer', (col) =>
          col.references('servers.id').onDelete('set null'),
        )
        .addColumn('last_seen_at', 'varchar(32)')
        .addColumn('network', 'text')
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('equipment_gateway_server_id')
        .on('equipment')
        .column('gateway_server_id')
        .execute();
      await db.schema
        .createIndex('equipment_organisation_id')
        .on('equipment')
        .column('organisation_id')
        .execute();

      await db.schema
        .createTable('equipment_readings')
        .addColumn('server_id', 'integer', (col) =>
          col.notNull().references('servers.id').onDelete('cascade'),
        )
        .addColumn('sensor', 'varchar(64)', (col) => col.notNull())
        // JSON of the value as the agent sent it: a number, a state word or a flag.
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('at', 'varchar(32)', (col) => col.notNull())
        .addPrimaryKeyConstraint('equipment_readings_pk', ['server_id', 'sensor'])
        .execute();

      await withId(db.schema.createTable('equipment_commands'), dialect)
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('server_id', 'integer', (col) =>
          col.notNull().references('servers.id').onDelete('cascade'),
        )
        .addColumn('kind', 'varchar(16)', (col) => col.notNull())
        .addColumn('requested', 'text', (col) => col.notNull())
        .addColumn('previous', 'text')
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('reason', 'text')
        .addColumn('requested_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('requested_by_name', 'varchar(255)', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('dispatched_at', 'varchar(32)')
        .addColumn('completed_at', 'varchar(32)')
        .execute();
      await db.schema
        .createIndex('equipment_commands_one_pending')
        .on('equipment_commands')
        .column('server_id')
        .unique()
        .where(sql.ref('status'), '=', 'pending')
        .execute();
      await db.schema
        .createIndex('equipment_commands_server_id')
        .on('equipment_commands')
        .columns(['server_id', 'id'])
        .execute();
      await db.schema
        .createIndex('equipment_commands_requested_by')
        .on('equipment_commands')
        .column('requested_by')
        .execute();

      await withId(db.schema.createTable('audit_log'), dialect)
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        // Entries outlive the user and the entity: the names are copied in.
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('user_name', 'varchar(255)', (col) => col.notNull())
        .addColumn('at', 'varchar(32)', (col) => col.notNull())
        .addColumn('action', 'varchar(16)', (col) => col.notNull())
        .addColumn('entity', 'varchar(16)', (col) => col.notNull())
        .addColumn('entity_id', 'integer', (col) => col.notNull())
        .addColumn('entity_name', 'varchar(255)', (col) => col.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('result', 'varchar(16)', (col) => col.notNull())
        .addColumn('reason', 'text')
        .addColumn('command_id', 'integer', (col) =>
          col.references('equipment_commands.id').onDelete('set null'),
        )
        .execute();
      await db.schema
        .createIndex('audit_log_organisation_at')
        .on('audit_log')
        .columns(['organisation_id', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_log_command_id')
        .on('audit_log')
        .column('command_id')
        .execute();
      await db.schema.createIndex('audit_log_user_id').on('audit_log').column('user_id').execute();
    },
  };
}
