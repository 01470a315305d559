import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * The device hierarchy: datacenter → room → rack → server, every row owned by one organisation.
 * Parents are nullable and `ON DELETE SET NULL`: deleting a container leaves what was under it
 * unassigned and never deletes a server. `hierarchy_versions` holds one random stamp per
 * organisation, replaced by every write that changes a list: list caches and ETags on every
 * server instance are keyed by it.
 */
export function hierarchy(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const owner = (table: string) =>
        withId(db.schema.createTable(table), dialect).addColumn(
          'organisation_id',
          'integer',
          (col) => col.notNull().references('organisations.id').onDelete('cascade'),
        );

      await owner('datacenters')
        .addColumn('name', 'varchar(255)', (col) => col.notNull())
        .addColumn('location', 'varchar(255)', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
        .execute();

      await owner('rooms')
        .addColumn('name', 'varchar(255)', (col) => col.notNull())
        .addColumn('datacenter_id', 'integer', (col) =>
          col.references('datacenters.id').onDelete('set null'),
        )
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
        .execute();

      await owner('racks')
        .addColumn('name', 'varchar(255)', (col) => col.notNull())
        .addColumn('room_id', 'integer', (col) => col.references('rooms.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
        .execute();

      await owner('servers')
        .addColumn('server_name', 'varchar(255)', (col) => col.notNull())
        .addColumn('public_ipv4', 'varchar(64)', (col) => col.notNull().defaultTo(''))
        .addColumn('machine_id', 'varchar(255)', (col) => col.notNull().defaultTo(''))
        .addColumn('host_name', 'varchar(255)')
        .addColumn('rack_id', 'integer', (col) => col.references('racks.id').onDelete('set null'))
        .addColumn('device_type_id', 'integer')
        .addColumn('agent_version', 'varchar(64)')
        .addColumn('last_seen_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
        .execute();

      for (const table of ['datacenters', 'rooms', 'racks', 'servers']) {
        await db.schema
          .createIndex(`${table}_organisation_id`)
          .on(table)
          .column('organisation_id')
          .execute();
      }
      // Parent lookups, so that ON DELETE SET NULL does not scan the child table.
      await db.schema
        .createIndex('rooms_datacenter_id')
        .on('rooms')
        .column('datacenter_id')
        .execute();
      await db.schema.createIndex('racks_room_id').on('racks').column('room_id').execute();
      await db.schema.createIndex('servers_rack_id').on('servers').column('rack_id').execute();
      await db.schema
        .createIndex('servers_organisation_machine')
        .on('servers')
        .columns(['organisation_id', 'machine_id'])
        .execute();

      await db.schema
        .createTable('hierarchy_versions')
        .addColumn('organisation_id', 'integer', (col) =>
          col.primaryKey().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('stamp', 'varchar(64)', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['hierarchy_versions', 'servers', 'racks', 'rooms', 'datacenters']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
