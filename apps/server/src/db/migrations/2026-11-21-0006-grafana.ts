import type { Kysely, Migration } from 'kysely';

/**
 * The Grafana organisation each of our organisations is linked to, kept so that the link
 * survives a rename on either side. Unique: two organisations never share one Grafana org.
 */
export function grafana(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('organisations').addColumn('grafana_org_id', 'integer').execute();
      await db.schema
        .createIndex('organisations_grafana_org_id_unique')
        .on('organisations')
        .column('grafana_org_id')
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('organisations_grafana_org_id_unique').execute();
      await db.schema.alterTable('organisations').dropColumn('grafana_org_id').execute();
    },
  };
}
