import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * The embedded metrics store (issue 11): one row per series (a device's metric and label set),
 * its open head chunk, and sealed compressed chunks of raw samples and of minute and hour
 * rollups. Times are epoch milliseconds (bigint): chunks are found by range, not shown.
 */
export function metricsStore(dialect: Dialect): Migration {
  const blob = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('metric_series'), dialect)
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('device_id', 'integer', (col) =>
          col.notNull().references('servers.id').onDelete('cascade'),
        )
        .addColumn('metric', 'varchar(100)', (col) => col.notNull())
        // Canonical JSON (keys sorted); '{}' for a series without labels.
        .addColumn('labels', 'varchar(2000)', (col) => col.notNull())
        .addUniqueConstraint('metric_series_identity', ['device_id', 'metric', 'labels'])
        .execute();
      await db.schema
        .createIndex('metric_series_organisation_metric')
        .on('metric_series')
        .columns(['organisation_id', 'metric'])
        .execute();

      await db.schema
        .createTable('metric_heads')
        .addColumn('series_id', 'integer', (col) =>
          col.primaryKey().references('metric_series.id').onDelete('cascade'),
        )
        // The hour the open chunk covers; -1 when there is none.
        .addColumn('window_start', 'bigint', (col) => col.notNull())
        .addColumn('sample_count', 'integer', (col) => col.notNull())
        .addColumn('data', blob)
        // The newest sample ever stored, for latest values.
        .addColumn('last_ms', 'bigint', (col) => col.notNull())
        .addColumn('last_value', 'double precision', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('metric_heads_window_start')
        .on('metric_heads')
        .column('window_start')
        .execute();

      await db.schema
        .createTable('metric_chunks')
        .addColumn('series_id', 'integer', (col) =>
          col.notNull().references('metric_series.id').onDelete('cascade'),
        )
        // 0 raw samples, 1 minute rollups of an hour, 2 hour rollups of a day.
        .addColumn('resolution', 'smallint', (col) => col.notNull())
        .addColumn('start_ms', 'bigint', (col) => col.notNull())
        .addColumn('end_ms', 'bigint', (col) => col.notNull())
        .addColumn('data', blob, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('metric_chunks_series_range')
        .on('metric_chunks')
        .columns(['series_id', 'resolution', 'start_ms'])
        .execute();
      await db.schema
        .createIndex('metric_chunks_retention')
        .on('metric_chunks')
        .columns(['resolution', 'end_ms'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('metric_chunks').execute();
      await db.schema.dropTable('metric_heads').execute();
      await db.schema.dropTable('metric_series').execute();
    },
  };
}
