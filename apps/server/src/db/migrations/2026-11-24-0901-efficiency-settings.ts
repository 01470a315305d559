import type { Kysely, Migration } from 'kysely';

/**
 * Efficiency settings per datacenter (issue 14): a declared PUE, or a facility meter (a PDU whose
 * total power is the facility's input), for the PUE the efficiency pages show.
 */
export function efficiencySettings(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('efficiency_settings')
        .addColumn('datacenter_id', 'integer', (col) =>
          col.primaryKey().references('datacenters.id').onDelete('cascade'),
        )
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('declared_pue', 'double precision')
        .addColumn('facility_meter_device_id', 'integer', (col) =>
          col.references('servers.id').onDelete('set null'),
        )
        .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('efficiency_settings_organisation_id')
        .on('efficiency_settings')
        .column('organisation_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('efficiency_settings').execute();
    },
  };
}
