import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../../../db/database.js';
import type { DB } from '../../../../db/schema.js';
import type {
  LatestQuery,
  LatestSample,
  MetricSample,
  RangeQuery,
  RangeResult,
  StoredSeries,
} from '../types.js';
import { decodeChunk, encodeChunk, type Columns } from './codec.js';
import {
  chooseResolution,
  combineBuckets,
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  mergeBuckets,
  mergeRuns,
  rollup,
  StepAccumulator,
  type Retention,
} from './rollups.js';

/**
 * The embedded store's SQL, on any Kysely connection or transaction (the server's own, or the
 * SQLite writer thread's). A series' samples of the current hour are plain rows of
 * metric_head_samples (an append is one row, as in Prometheus' head block; re-encoding the
 * hour's chunk on every push made ingest quadratic in the hour); when a sample of a later hour
 * arrives (or the hour has passed, see `maintain`), the head is sealed: its rows are compressed
 * into a raw chunk plus the hour's minute rollups and its bucket in the day's hour rollups. Samples of an hour already sealed are added
 * as another raw chunk and that hour's rollups are computed again from all its raw chunks.
 */

const RAW = 0;
const MINUTE = 1;
const HOUR = 2;
/** A head whose hour ended this long ago is sealed by maintenance: late agents still make it. */
const SEAL_GRACE_MS = 5 * MINUTE_MS;
/** Bound parameters per statement, well under both databases' limits. */
const BATCH = 500;

type Executor = Kysely<DB>;

interface Run {
  timestamps: number[];
  values: number[];
}

export const canonicalLabels = (labels: Record<string, string> | undefined): string => {
  if (!labels) return '{}';
  const keys = Object.keys(labels).sort();
  return JSON.stringify(Object.fromEntries(keys.map((key) => [key, labels[key]])));
};

const seriesKey = (deviceId: number, metric: string, labels: string) =>
  `${deviceId}\u0000${metric}\u0000${labels}`;

const chunks = <T>(items: readonly T[], size = BATCH): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

const bytes = (data: Uint8Array) => (Buffer.isBuffer(data) ? data : Buffer.from(data));

export interface EngineOptions {
  dialect: Dialect;
  retention: Retention;
}

export type Engine = ReturnType<typeof createEngine>;

export function createEngine({ dialect, retention }: EngineOptions) {
  /** Series ids never change; a deleted device's ids are forgotten when a write fails on them. */
  const seriesIds = new Map<string, number>();

  async function resolveSeries(
    db: Executor,
    wanted: { organisationId: number; deviceId: number; metric: string; labels: string }[],
  ): Promise<Map<string, number>> {
    const missing = wanted.filter((s) => !seriesIds.has(seriesKey(s.deviceId, s.metric, s.labels)));
    for (const part of chunks(missing, 100)) {
      await db
        .insertInto('metric_series')
        .values(
          part.map((s) => ({
            organisation_id: s.organisationId,
            device_id: s.deviceId,
            metric: s.metric,
            labels: s.labels,
          })),
        )
        .onConflict((oc) => oc.columns(['device_id', 'metric', 'labels']).doNothing())
        .execute();
      const rows = await db
        .selectFrom('metric_series')
        .select(['id', 'device_id', 'metric', 'labels'])
        .where('device_id', 'in', [...new Set(part.map((s) => s.deviceId))])
        .where('metric', 'in', [...new Set(part.map((s) => s.metric))])
        .execute();
      for (const row of rows)
        seriesIds.set(seriesKey(row.device_id, row.metric, row.labels), row.id);
      // Every series gets its head row at once, so that concurrent writers lock the same row.
      const ids = part.map((s) => seriesIds.get(seriesKey(s.deviceId, s.metric, s.labels))!);
      await db
        .insertInto('metric_heads')
        .values(
          ids.map((id) => ({
            series_id: id,
            window_start: -1,
            last_ms: -1,
            last_value: 0,
          })),
        )
        .onConflict((oc) => oc.column('series_id').doNothing())
        .execute();
    }
    return seriesIds;
  }

  async function rawChunksOfHour(db: Executor, seriesId: number, hour: number) {
    const rows = await db
      .selectFrom('metric_chunks')
      .select(['start_ms', 'data'])
      .where('series_id', '=', seriesId)
      .where('resolution', '=', RAW)
      .where('start_ms', '>=', hour)
      .where('start_ms', '<', hour + HOUR_MS)
      .orderBy('start_ms')
      .execute();
    return rows.map((row) => {
      const decoded = decodeChunk(row.data);
      return {
        startMs: Number(row.start_ms),
        run: { timestamps: decoded.timestamps, values: decoded.columns[0]! },
      };
    });
  }

  /**
   * Writes a chunk over the one stored at (series, resolution, `previousStart`), or adds it (at
   * once when `previousStart` is null: the caller knows there is none). A
   * chunk is rewritten in place rather than deleted and added again: SQLite appends new rows at
   * the end of the table, so a deleted one would leave its space unused in the middle of a page.
   */
  async function putChunk(
    db: Executor,
    seriesId: number,
    resolution: number,
    previousStart: number | null,
    chunk: { start: number; end: number; data: Uint8Array },
  ) {
    const values = { start_ms: chunk.start, end_ms: chunk.end, data: bytes(chunk.data) };
    if (previousStart !== null) {
      const result = await db
        .updateTable('metric_chunks')
        .set(values)
        .where('series_id', '=', seriesId)
        .where('resolution', '=', resolution)
        .where('start_ms', '=', previousStart)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) return;
    }
    await db
      .insertInto('metric_chunks')
      .values({ series_id: seriesId, resolution, ...values })
      .execute();
  }

  /** Reads the rollup chunk of (series, resolution) that starts at `start`. */
  async function rollupChunk(
    db: Executor,
    seriesId: number,
    resolution: number,
    start: number,
  ): Promise<Columns | null> {
    const row = await db
      .selectFrom('metric_chunks')
      .select('data')
      .where('series_id', '=', seriesId)
      .where('resolution', '=', resolution)
      .where('start_ms', '=', start)
      .executeTakeFirst();
    return row ? decodeChunk(row.data) : null;
  }

  /**
   * Stores `run` (sorted, one hour) in the hour's raw chunk (one per series and hour: samples
   * arriving for an hour already sealed are merged into it) and recomputes that hour's rollups.
   */
  async function sealHour(db: Executor, seriesId: number, hour: number, run: Run) {
    if (run.timestamps.length === 0) return;
    const stored = await rawChunksOfHour(db, seriesId, hour);
    const all = stored.length === 0 ? run : mergeRuns([...stored.map((c) => c.run), run]);
    // Hours sealed in several chunks by an earlier version are merged into the first.
    for (const extra of stored.slice(1)) {
      await db
        .deleteFrom('metric_chunks')
        .where('series_id', '=', seriesId)
        .where('resolution', '=', RAW)
        .where('start_ms', '=', extra.startMs)
        .execute();
    }
    await putChunk(db, seriesId, RAW, stored[0]?.startMs ?? null, {
      start: all.timestamps[0]!,
      end: all.timestamps.at(-1)!,
      data: encodeChunk({ timestamps: all.timestamps, columns: [all.values] }),
    });
    await putChunk(db, seriesId, MINUTE, hour, {
      start: hour,
      end: hour + HOUR_MS - 1,
      data: encodeChunk(rollup(all.timestamps, all.values, MINUTE_MS)),
    });
    await setHourBucket(
      db,
      seriesId,
      hour,
      rollup(all.timestamps, all.values, HOUR_MS).columns.map((c) => c[0]!),
    );
  }

  /** Sets one hour's bucket (min, max, sum, count) in its day's hour rollups. */
  async function setHourBucket(db: Executor, seriesId: number, hour: number, bucket: number[]) {
    const day = Math.floor(hour / DAY_MS) * DAY_MS;
    const stored = await rollupChunk(db, seriesId, HOUR, day);
    const merged = mergeBuckets(stored, {
      timestamps: [hour],
      columns: bucket.map((value) => [value]),
    });
    await putChunk(db, seriesId, HOUR, stored ? day : null, {
      start: day,
      end: day + DAY_MS - 1,
      data: encodeChunk(merged),
    });
  }

  interface HeadRow {
    series_id: number;
    window_start: number;
    last_ms: number;
    last_value: number;
  }

  /** Appends rows to heads; a time already there takes the newer value (an agent's replay). */
  async function insertHeadSamples(
    db: Executor,
    rows: { series_id: number; time_ms: number; value: number }[],
  ) {
    for (const part of chunks(rows, 300)) {
      await db
        .insertInto('metric_head_samples')
        .values(part)
        .onConflict((oc) =>
          oc
            .columns(['series_id', 'time_ms'])
            .doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
        )
        .execute();
    }
  }

  async function lockHeads(db: Executor, ids: number[]): Promise<Map<number, HeadRow>> {
    const heads = new Map<number, HeadRow>();
    for (const part of chunks([...ids].sort((a, b) => a - b))) {
      let query = db
        .selectFrom('metric_heads')
        .selectAll()
        .where('series_id', 'in', part)
        .orderBy('series_id');
      // Two instances writing one series take turns; SQLite has a single writer anyway.
      if (dialect === 'postgres') query = query.forUpdate();
      for (const row of await query.execute()) heads.set(row.series_id, row);
    }
    return heads;
  }

  /**
   * History older than the raw retention (a backfill): the hour's samples go straight into its
   * minute rollups (their minutes replace those stored, so a replayed backfill is stored once)
   * while the minute retention keeps them, and into its bucket of the hour rollups.
   */
  async function writeHistoryHour(
    db: Executor,
    seriesId: number,
    hour: number,
    run: Run,
    nowMs: number,
  ) {
    const fresh = rollup(run.timestamps, run.values, MINUTE_MS);
    if (hour + HOUR_MS <= nowMs - retention.minuteMs) {
      await setHourBucket(
        db,
        seriesId,
        hour,
        rollup(run.timestamps, run.values, HOUR_MS).columns.map((c) => c[0]!),
      );
      return;
    }
    const stored = await rollupChunk(db, seriesId, MINUTE, hour);
    const minutes = mergeBuckets(stored, fresh);
    await putChunk(db, seriesId, MINUTE, stored ? hour : null, {
      start: hour,
      end: hour + HOUR_MS - 1,
      data: encodeChunk(minutes),
    });
    await setHourBucket(db, seriesId, hour, combineBuckets(minutes));
  }

  /** Compresses a head's rows into its hour's chunk and rollups, and empties the head. */
  async function sealHead(db: Executor, seriesId: number, window: number) {
    const rows = await db
      .selectFrom('metric_head_samples')
      .select(['time_ms', 'value'])
      .where('series_id', '=', seriesId)
      .orderBy('time_ms')
      .execute();
    if (rows.length === 0) return;
    await sealHour(db, seriesId, window, {
      timestamps: rows.map((row) => Number(row.time_ms)),
      values: rows.map((row) => row.value),
    });
    await db.deleteFrom('metric_head_samples').where('series_id', '=', seriesId).execute();
  }

  /**
   * Writes samples inside the caller's transaction. Returns how many were accepted: all but
   * those older than the raw retention (or with a time that is not an epoch millisecond); with
   * `history`, samples older than the raw retention are accepted into the rollups while the
   * hour rollups' retention keeps them.
   */
  async function write(
    db: Executor,
    samples: readonly MetricSample[],
    nowMs: number,
    history = false,
  ): Promise<number> {
    const oldest = nowMs - retention.rawMs;
    const oldestHistory = history ? nowMs - retention.hourMs : oldest;
    // History splits by whole hours: the hour the raw retention ends in goes to its raw chunk
    // whole, so that its rollups come from one place (rollups written from two halves of an
    // hour would each replace the other's).
    const oldestRaw = history ? Math.floor(oldest / HOUR_MS) * HOUR_MS : oldest;
    const nowHour = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
    const groups = new Map<
      string,
      {
        organisationId: number;
        deviceId: number;
        metric: string;
        labels: string;
        points: Map<number, number>;
        /** Samples of hours before the one the raw retention ends in, by hour (history only). */
        past: Map<number, Map<number, number>>;
      }
    >();
    let accepted = 0;
    for (const sample of samples) {
      const t = sample.timestampMs;
      if (!Number.isSafeInteger(t) || t < oldestHistory || t >= 2 ** 44) continue;
      accepted++;
      const labels = canonicalLabels(sample.labels);
      const key = seriesKey(sample.deviceId, sample.metric, labels);
      let group = groups.get(key);
      if (!group) {
        group = {
          organisationId: sample.organisationId,
          deviceId: sample.deviceId,
          metric: sample.metric,
          labels,
          points: new Map(),
          past: new Map(),
        };
        groups.set(key, group);
      }
      if (t >= oldestRaw) group.points.set(t, sample.value);
      else {
        const hour = Math.floor(t / HOUR_MS) * HOUR_MS;
        const points = group.past.get(hour) ?? new Map<number, number>();
        points.set(t, sample.value);
        group.past.set(hour, points);
      }
    }
    if (groups.size === 0) return accepted;

    let ids: Map<string, number>;
    try {
      ids = await resolveSeries(db, [...groups.values()]);
    } catch (error) {
      seriesIds.clear();
      throw error;
    }
    const heads = await lockHeads(
      db,
      [...groups.keys()].map((key) => ids.get(key)!),
    );
    const appended: { series_id: number; time_ms: number; value: number }[] = [];
    const changed: HeadRow[] = [];
    for (const [key, group] of groups) {
      const seriesId = ids.get(key)!;
      const head = heads.get(seriesId);
      if (!head) {
        // The series went with its device between the lookup and now.
        seriesIds.delete(key);
        throw new Error(`device ${group.deviceId} no longer exists`);
      }
      for (const [hour, points] of group.past) {
        const timestamps = [...points.keys()].sort((a, b) => a - b);
        const run = { timestamps, values: timestamps.map((t) => points.get(t)!) };
        await writeHistoryHour(db, seriesId, hour, run, nowMs);
      }
      const times = [...group.points.keys()].sort((a, b) => a - b);
      let window = head.window_start;
      const late = new Map<number, Run>();
      let lastMs = head.last_ms;
      let lastValue = head.last_value;
      for (const t of times) {
        const value = group.points.get(t)!;
        if (t >= lastMs) {
          lastMs = t;
          lastValue = value;
        }
        const hour = Math.floor(t / HOUR_MS) * HOUR_MS;
        if (history && hour < nowHour) {
          // History of a past hour is compressed at once, without going through the head.
          const run = late.get(hour) ?? { timestamps: [], values: [] };
          run.timestamps.push(t);
          run.values.push(value);
          late.set(hour, run);
          continue;
        }
        if (window < 0) window = hour;
        if (hour > window) {
          // Rows of this batch for the closing hour go in before it is sealed.
          await insertHeadSamples(db, appended.splice(0));
          await sealHead(db, seriesId, window);
          window = hour;
        }
        if (hour === window) appended.push({ series_id: seriesId, time_ms: t, value });
        else {
          const run = late.get(hour) ?? { timestamps: [], values: [] };
          run.timestamps.push(t);
          run.values.push(value);
          late.set(hour, run);
        }
      }
      for (const [hour, run] of late) await sealHour(db, seriesId, hour, run);
      if (window !== head.window_start || lastMs !== head.last_ms || lastValue !== head.last_value)
        changed.push({
          series_id: seriesId,
          window_start: window,
          last_ms: lastMs,
          last_value: lastValue,
        });
    }
    await insertHeadSamples(db, appended);
    // One statement for all the heads that moved (the rows exist and are locked).
    for (const part of chunks(changed, 100)) {
      await db
        .insertInto('metric_heads')
        .values(part)
        .onConflict((oc) =>
          oc.column('series_id').doUpdateSet((eb) => ({
            window_start: eb.ref('excluded.window_start'),
            last_ms: eb.ref('excluded.last_ms'),
            last_value: eb.ref('excluded.last_value'),
          })),
        )
        .execute();
    }
    return accepted;
  }

  /**
   * Seals heads whose hour has passed and applies retention. Run in a transaction; on PostgreSQL
   * an advisory lock lets one instance at a time do it.
   */
  async function maintain(
    db: Executor,
    nowMs: number,
  ): Promise<{ sealed: number; deleted: number }> {
    if (dialect === 'postgres') {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_xact_lock(8354011) as locked`.execute(db);
      if (!rows[0]?.locked) return { sealed: 0, deleted: 0 };
    }
    const stale = await db
      .selectFrom('metric_heads')
      .select('series_id')
      .where('window_start', '>=', 0)
      .where('window_start', '<', nowMs - HOUR_MS - SEAL_GRACE_MS)
      .execute();
    const heads = await lockHeads(
      db,
      stale.map((row) => row.series_id),
    );
    for (const head of heads.values()) {
      if (head.window_start < 0 || head.window_start >= nowMs - HOUR_MS - SEAL_GRACE_MS) continue;
      await sealHead(db, head.series_id, head.window_start);
      await db
        .updateTable('metric_heads')
        .set({ window_start: -1 })
        .where('series_id', '=', head.series_id)
        .execute();
    }
    let deleted = 0;
    const cutoffs: [number, number][] = [
      [RAW, nowMs - retention.rawMs],
      [MINUTE, nowMs - retention.minuteMs],
      [HOUR, nowMs - retention.hourMs],
    ];
    for (const [resolution, cutoff] of cutoffs) {
      const result = await db
        .deleteFrom('metric_chunks')
        .where('resolution', '=', resolution)
        .where('end_ms', '<', cutoff)
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    // A series with nothing left in any retention goes too.
    await db
      .deleteFrom('metric_series')
      .where((eb) =>
        eb.and([
          eb.exists(
            eb
              .selectFrom('metric_heads as h')
              .select('h.series_id')
              .whereRef('h.series_id', '=', 'metric_series.id')
              .where('h.window_start', '<', 0)
              .where('h.last_ms', '<', nowMs - retention.hourMs),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom('metric_chunks as c')
                .select('c.series_id')
                .whereRef('c.series_id', '=', 'metric_series.id'),
            ),
          ),
        ]),
      )
      .execute();
    seriesIds.clear();
    return { sealed: heads.size, deleted };
  }

  async function selectSeries(
    db: Executor,
    organisationId: number,
    metric: string,
    deviceIds?: readonly number[],
  ) {
    let query = db
      .selectFrom('metric_series')
      .select(['id', 'device_id', 'labels'])
      .where('organisation_id', '=', organisationId)
      .where('metric', '=', metric);
    if (deviceIds) {
      if (deviceIds.length === 0) return [];
      const rows = [];
      for (const part of chunks(deviceIds))
        rows.push(...(await query.where('device_id', 'in', part).execute()));
      return rows;
    }
    query = query.orderBy('id');
    return query.execute();
  }

  async function queryRange(db: Executor, q: RangeQuery, nowMs: number): Promise<RangeResult> {
    const resolution = chooseResolution(q.fromMs, q.stepMs, nowMs, retention);
    const series = await selectSeries(db, q.organisationId, q.metric, q.deviceIds);
    const steps = new Map<number, StepAccumulator>();
    for (const s of series) steps.set(s.id, new StepAccumulator(q.fromMs, q.toMs, q.stepMs));
    const start = Math.floor(q.fromMs / q.stepMs) * q.stepMs;
    const code = resolution === 'raw' ? RAW : resolution === '1m' ? MINUTE : HOUR;
    // A chunk starts at most this long before the first time it holds.
    const span = code === RAW ? HOUR_MS : code === MINUTE ? HOUR_MS : DAY_MS;
    const ids = series.map((s) => s.id);
    for (const part of chunks(ids)) {
      const rows = await db
        .selectFrom('metric_chunks')
        .select(['series_id', 'data'])
        .where('series_id', 'in', part)
        .where('resolution', '=', code)
        .where('start_ms', '<', q.toMs)
        .where('start_ms', '>', start - span)
        .execute();
      for (const row of rows) {
        const acc = steps.get(row.series_id)!;
        const { timestamps, columns } = decodeChunk(row.data);
        if (code === RAW) {
          const values = columns[0]!;
          timestamps.forEach((t, i) => acc.add(t, values[i]!, values[i]!, values[i]!, 1));
        } else {
          const [mins, maxes, sums, counts] = columns as [number[], number[], number[], number[]];
          timestamps.forEach((t, i) => acc.add(t, mins[i]!, maxes[i]!, sums[i]!, counts[i]!));
        }
      }
      // The open hour is in the heads only, at every resolution.
      const headRows = await db
        .selectFrom('metric_head_samples')
        .select(['series_id', 'time_ms', 'value'])
        .where('series_id', 'in', part)
        .where('time_ms', '<', q.toMs)
        // At a rollup resolution the head's hour is rolled up whole, as a sealed hour is.
        .where('time_ms', '>=', code === RAW ? start : Math.floor(start / HOUR_MS) * HOUR_MS)
        .orderBy('series_id')
        .orderBy('time_ms')
        .execute();
      const heads = new Map<number, Run>();
      for (const row of headRows) {
        let run = heads.get(row.series_id);
        if (!run) heads.set(row.series_id, (run = { timestamps: [], values: [] }));
        run.timestamps.push(Number(row.time_ms));
        run.values.push(row.value);
      }
      for (const [seriesId, { timestamps, values }] of heads) {
        const acc = steps.get(seriesId)!;
        if (code === RAW) {
          timestamps.forEach((t, i) => acc.add(t, values[i]!, values[i]!, values[i]!, 1));
        } else {
          const bucketMs = code === MINUTE ? MINUTE_MS : HOUR_MS;
          const r = rollup(timestamps, values, bucketMs);
          const [mins, maxes, sums, counts] = r.columns as [number[], number[], number[], number[]];
          r.timestamps.forEach((t, i) => acc.add(t, mins[i]!, maxes[i]!, sums[i]!, counts[i]!));
        }
      }
    }
    const out: StoredSeries[] = [];
    for (const s of series) {
      const acc = steps.get(s.id)!;
      if (acc.empty) continue;
      out.push({
        deviceId: s.device_id,
        labels: JSON.parse(s.labels) as Record<string, string>,
        points: acc.points(q.aggregate),
      });
    }
    return { resolution, series: out };
  }

  async function latest(db: Executor, q: LatestQuery): Promise<LatestSample[]> {
    let query = db
      .selectFrom('metric_heads as h')
      .innerJoin('metric_series as s', 's.id', 'h.series_id')
      .select(['s.device_id', 's.metric', 's.labels', 'h.last_ms', 'h.last_value'])
      .where('s.organisation_id', '=', q.organisationId)
      .where('h.last_ms', '>=', q.sinceMs ?? 0);
    if (q.metrics) {
      if (q.metrics.length === 0) return [];
      query = query.where('s.metric', 'in', [...q.metrics]);
    }
    const rows = [];
    if (q.deviceIds) {
      for (const part of chunks(q.deviceIds)) {
        rows.push(...(await query.where('s.device_id', 'in', part).execute()));
      }
    } else rows.push(...(await query.execute()));
    return rows.map((row) => ({
      deviceId: row.device_id,
      metric: row.metric,
      labels: JSON.parse(row.labels) as Record<string, string>,
      timestampMs: row.last_ms,
      value: row.last_value,
    }));
  }

  async function names(db: Executor, organisationId: number): Promise<string[]> {
    const rows = await db
      .selectFrom('metric_series')
      .select('metric')
      .distinct()
      .where('organisation_id', '=', organisationId)
      .orderBy('metric')
      .execute();
    return rows.map((row) => row.metric);
  }

  return { write, maintain, queryRange, latest, names };
}
