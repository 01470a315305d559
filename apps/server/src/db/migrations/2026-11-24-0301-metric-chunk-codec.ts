import { sql, type Kysely, type Migration } from 'kysely';
import { encodeChunk } from '../../modules/telemetry/store/embedded/codec.js';
import { decodeFirstFormatChunk } from './chunk-codec-2026-11-23.js';

/** Chunks re-encoded per batch: a few hundred kB in memory. */
const BATCH = 1000;

interface ChunkRow {
  series_id: number;
  resolution: number;
  start_ms: number | string;
  data: Uint8Array;
}

/**
 * The embedded store's chunks in the packed format (issue 11, bytes per sample): every stored
 * chunk is decoded from the first format and encoded again, in key order, a batch at a time.
 * The samples, their times and the rollups do not change.
 */
export function metricChunkCodec(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      let after: ChunkRow | null = null;
      for (;;) {
        let query = db
          .selectFrom('metric_chunks' as never)
          .select(['series_id', 'resolution', 'start_ms', 'data'] as never[])
          .orderBy('series_id' as never)
          .orderBy('resolution' as never)
          .orderBy('start_ms' as never)
          .limit(BATCH);
        if (after) {
          const last: ChunkRow = after;
          query = query.where(
            sql<boolean>`(series_id, resolution, start_ms) > (${last.series_id}, ${last.resolution}, ${last.start_ms})`,
          );
        }
        const rows = (await query.execute()) as ChunkRow[];
        for (const row of rows) {
          const data = Buffer.from(encodeChunk(decodeFirstFormatChunk(row.data)));
          await db
            .updateTable('metric_chunks' as never)
            .set({ data } as never)
            .where(sql<boolean>`series_id = ${row.series_id}`)
            .where(sql<boolean>`resolution = ${row.resolution}`)
            .where(sql<boolean>`start_ms = ${row.start_ms}`)
            // Two raw chunks of a series may start at the same time: each keeps its own samples.
            .where(sql<boolean>`data = ${Buffer.from(row.data)}`)
            .execute();
        }
        if (rows.length < BATCH) break;
        after = rows.at(-1)!;
      }
    },
  };
}
