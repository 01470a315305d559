import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { decodeFirstFormatChunk as decodeChunk } from './chunk-codec-2026-11-23.js';

/**
 * The open hour of each series as plain rows instead of one chunk rewritten on every push
 * (issue 11, ingest speed): an append is one row, and the hour is compressed into a chunk once,
 * when it is sealed. Heads written by 0301 are moved over.
 */
export function metricHeadSamples(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('metric_head_samples')
        .addColumn('series_id', 'integer', (col) =>
          col.notNull().references('metric_series.id').onDelete('cascade'),
        )
        .addColumn('time_ms', 'bigint', (col) => col.notNull())
        .addColumn('value', 'double precision', (col) => col.notNull())
        .addPrimaryKeyConstraint('metric_head_samples_pk', ['series_id', 'time_ms'])
        .execute();
      const heads = (await db
        .selectFrom('metric_heads' as never)
        .select(['series_id', 'data'] as never[])
        .execute()) as { series_id: number; data: Uint8Array | null }[];
      for (const head of heads) {
        if (!head.data) continue;
        const { timestamps, columns } = decodeChunk(head.data);
        for (let i = 0; i < timestamps.length; i += 300) {
          await db
            .insertInto('metric_head_samples' as never)
            .values(
              timestamps.slice(i, i + 300).map((t, j) => ({
                series_id: head.series_id,
                time_ms: t,
                value: columns[0]![i + j]!,
              })) as never,
            )
            .execute();
        }
      }
      await db.schema.alterTable('metric_heads').dropColumn('data').execute();
      await db.schema.alterTable('metric_heads').dropColumn('sample_count').execute();
    },
    async down(db: Kysely<unknown>) {
      // The open hours' samples go: down is for development databases.
      await db.schema
        .alterTable('metric_heads')
        .addColumn('sample_count', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('metric_heads')
        .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob')
        .execute();
      await db.schema.dropTable('metric_head_samples').execute();
    },
  };
}
