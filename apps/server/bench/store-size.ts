import { sql, type Kysely } from 'kysely';
import type { DB } from '../src/db/schema.js';
import { decodeChunk } from '../src/modules/telemetry/store/embedded/codec.js';

/** Helpers of the benchmarks that read the embedded store's tables. */

/** Raw samples stored for a metric: in heads and in sealed raw chunks. */
export async function countStored(db: Kysely<DB>, metric: string): Promise<number> {
  const heads = await db
    .selectFrom('metric_heads as h')
    .innerJoin('metric_series as s', 's.id', 'h.series_id')
    .select(sql<number>`coalesce(sum(h.sample_count), 0)`.as('total'))
    .where('s.metric', '=', metric)
    .executeTakeFirstOrThrow();
  const chunks = await db
    .selectFrom('metric_chunks as c')
    .innerJoin('metric_series as s', 's.id', 'c.series_id')
    .select('c.data')
    .where('s.metric', '=', metric)
    .where('c.resolution', '=', 0)
    .execute();
  return (
    Number(heads.total) +
    chunks.reduce((total, chunk) => total + decodeChunk(chunk.data).timestamps.length, 0)
  );
}
