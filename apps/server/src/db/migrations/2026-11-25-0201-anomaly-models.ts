import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * Anomaly models (issue 15), kept so that a restart does not forget what normal looks like:
 * one row per modelled series, its k-means models as JSON (the detector's `Model`s), written
 * all at once for an organisation each time it is trained.
 */
export function anomalyModels(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('anomaly_models'), dialect)
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('server_id', 'integer', (col) =>
          col.notNull().references('servers.id').onDelete('cascade'),
        )
        .addColumn('metric', 'varchar(100)', (col) => col.notNull())
        .addColumn('labels', 'text', (col) => col.notNull())
        .addColumn('models', 'text', (col) => col.notNull())
        .addColumn('trained_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('anomaly_models_organisation_id')
        .on('anomaly_models')
        .column('organisation_id')
        .execute();
      await db.schema
        .createIndex('anomaly_models_server_id')
        .on('anomaly_models')
        .column('server_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('anomaly_models').execute();
    },
  };
}
