import type { Aggregate } from '@brezza/contract';
import { decimalExponent, type Columns } from './codec.js';

/** Pure helpers of the embedded store: rollups, step buckets and the resolution a query reads. */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export interface Retention {
  rawMs: number;
  minuteMs: number;
  hourMs: number;
}

/** A rollup bucket's numbers, the columns of a rollup chunk in this order. */
export interface Bucket {
  min: number;
  max: number;
  sum: number;
  count: number;
}

/**
 * min, max, sum and count of the samples in each `bucketMs` bucket (aligned to the epoch), as the
 * columns of a rollup chunk. Sums of decimal readings are added as scaled integers, so that they
 * stay short decimals (and compress) instead of collecting binary rounding noise.
 */
export function rollup(
  timestamps: readonly number[],
  values: readonly number[],
  bucketMs: number,
): Columns {
  const exponent = decimalExponent(values);
  const scale = exponent === null ? 1 : 10 ** exponent;
  const starts: number[] = [];
  const mins: number[] = [];
  const maxes: number[] = [];
  const sums: number[] = [];
  const counts: number[] = [];
  let sum = 0;
  timestamps.forEach((timestamp, i) => {
    const start = Math.floor(timestamp / bucketMs) * bucketMs;
    const value = values[i]!;
    const scaled = exponent === null ? value : Math.round(value * scale);
    const last = starts.length - 1;
    if (last < 0 || starts[last] !== start) {
      if (last >= 0) sums[last] = sum / scale;
      starts.push(start);
      mins.push(value);
      maxes.push(value);
      counts.push(1);
      sum = scaled;
    } else {
      mins[last] = Math.min(mins[last]!, value);
      maxes[last] = Math.max(maxes[last]!, value);
      counts[last]! += 1;
      sum += scaled;
    }
  });
  if (starts.length > 0) sums[starts.length - 1] = sum / scale;
  return { timestamps: starts, columns: [mins, maxes, sums, counts] };
}

/** Merges sorted (timestamp, value) runs into one sorted run; a later run wins a duplicate time. */
export function mergeRuns(runs: readonly { timestamps: number[]; values: number[] }[]): {
  timestamps: number[];
  values: number[];
} {
  const byTime = new Map<number, number>();
  for (const run of runs) run.timestamps.forEach((t, i) => byTime.set(t, run.values[i]!));
  const timestamps = [...byTime.keys()].sort((a, b) => a - b);
  return { timestamps, values: timestamps.map((t) => byTime.get(t)!) };
}

/**
 * Rollup buckets (min, max, sum, count columns) merged by start time; a bucket of `fresh`
 * replaces the stored one at the same time (its hour was rolled up again, or a backfill was
 * replayed).
 */
export function mergeBuckets(stored: Columns | null, fresh: Columns): Columns {
  const buckets = new Map<number, number[]>();
  for (const { timestamps, columns } of stored ? [stored, fresh] : [fresh])
    timestamps.forEach((t, i) =>
      buckets.set(
        t,
        columns.map((column) => column[i]!),
      ),
    );
  const times = [...buckets.keys()].sort((a, b) => a - b);
  return {
    timestamps: times,
    columns: [0, 1, 2, 3].map((c) => times.map((t) => buckets.get(t)![c]!)),
  };
}

/** One bucket of several: the whole span's min, max, sum and count. */
export function combineBuckets({ columns }: Columns): number[] {
  const [mins, maxes, sums, counts] = columns as [number[], number[], number[], number[]];
  return [
    Math.min(...mins),
    Math.max(...maxes),
    sums.reduce((a, b) => a + b, 0),
    counts.reduce((a, b) => a + b, 0),
  ];
}

export type Resolution = 'raw' | '1m' | '1h';

/**
 * The coarsest resolution that still has a point per step and still covers `fromMs`: raw samples
 * for steps under a minute (or not whole minutes), minute rollups for steps under an hour (or
 * not whole hours), hour rollups beyond.
 */
export function chooseResolution(
  fromMs: number,
  stepMs: number,
  nowMs: number,
  retention: Retention,
): Resolution {
  const rawCovers = fromMs >= nowMs - retention.rawMs;
  const minuteCovers = fromMs >= nowMs - retention.minuteMs;
  if (stepMs < MINUTE_MS || (stepMs % MINUTE_MS !== 0 && rawCovers)) {
    return rawCovers ? 'raw' : minuteCovers ? '1m' : '1h';
  }
  if (stepMs < HOUR_MS || stepMs % HOUR_MS !== 0) return minuteCovers ? '1m' : '1h';
  return '1h';
}

/** Accumulates samples or rollup buckets into the steps of one series. */
export class StepAccumulator {
  private readonly steps = new Map<number, Bucket>();
  readonly start: number;

  constructor(
    fromMs: number,
    private readonly toMs: number,
    private readonly stepMs: number,
  ) {
    this.start = Math.floor(fromMs / stepMs) * stepMs;
  }

  /** A bucket (or a single sample: min = max = sum, count 1) at time `t`. */
  add(t: number, min: number, max: number, sum: number, count: number) {
    if (t < this.start || t >= this.toMs || count === 0) return;
    const step = this.start + Math.floor((t - this.start) / this.stepMs) * this.stepMs;
    const found = this.steps.get(step);
    if (!found) this.steps.set(step, { min, max, sum, count });
    else {
      found.min = Math.min(found.min, min);
      found.max = Math.max(found.max, max);
      found.sum += sum;
      found.count += count;
    }
  }

  get empty(): boolean {
    return this.steps.size === 0;
  }

  /** `[stepStart, value]` per step with data, in time order; `sum` reduces like `avg` over time. */
  points(aggregate: Aggregate): [number, number][] {
    return [...this.steps.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([t, b]) => [
        t,
        aggregate === 'min' ? b.min : aggregate === 'max' ? b.max : b.sum / b.count,
      ]);
  }
}
