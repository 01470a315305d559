import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chooseResolution,
  combineBuckets,
  mergeBuckets,
  mergeRuns,
  rollup,
  StepAccumulator,
} from './rollups.js';

const retention = { rawMs: 48 * 3_600_000, minuteMs: 35 * 86_400_000, hourMs: 400 * 86_400_000 };

describe('rollup', () => {
  it('keeps min, max, sum and count per bucket, and the same totals as the samples', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: -1e6, max: 1e6 })),
          { maxLength: 200 },
        ),
        (rows) => {
          const sorted = [...rows].sort((a, b) => a[0] - b[0]);
          const values = sorted.map(([, v]) => v / 100);
          const { timestamps, columns } = rollup(
            sorted.map(([t]) => t * 1000),
            values,
            60_000,
          );
          const [mins, maxes, sums, counts] = columns as number[][];
          expect(counts!.reduce((a, b) => a + b, 0)).toBe(values.length);
          expect(new Set(timestamps).size).toBe(timestamps.length);
          if (values.length > 0) {
            expect(Math.min(...mins!)).toBe(Math.min(...values));
            expect(Math.max(...maxes!)).toBe(Math.max(...values));
            expect(sums!.reduce((a, b) => a + b, 0)).toBeCloseTo(
              values.reduce((a, b) => a + b, 0),
              6,
            );
          }
        },
      ),
    );
  });

  it('adds decimal readings without binary noise', () => {
    expect(rollup([0, 1], [0.1, 0.2], 60_000).columns[2]).toEqual([0.3]);
  });
});

describe('mergeRuns', () => {
  it('sorts and keeps the later run on a duplicate time', () => {
    expect(
      mergeRuns([
        { timestamps: [1, 3], values: [1, 3] },
        { timestamps: [2, 3], values: [2, 9] },
      ]),
    ).toEqual({
      timestamps: [1, 2, 3],
      values: [1, 2, 9],
    });
  });
});

describe('chooseResolution', () => {
  const now = 1_800_000_000_000;
  it('reads raw under a minute, minutes under an hour, hours beyond, and what still covers the range', () => {
    expect(chooseResolution(now - 3_600_000, 15_000, now, retention)).toBe('raw');
    expect(chooseResolution(now - 3_600_000, 90_000, now, retention)).toBe('raw');
    expect(chooseResolution(now - 86_400_000, 60_000, now, retention)).toBe('1m');
    expect(chooseResolution(now - 3 * 86_400_000, 15_000, now, retention)).toBe('1m');
    expect(chooseResolution(now - 7 * 86_400_000, 3_600_000, now, retention)).toBe('1h');
    expect(chooseResolution(now - 90 * 86_400_000, 60_000, now, retention)).toBe('1h');
  });
});

describe('StepAccumulator', () => {
  it('aligns steps to the epoch and leaves out times outside the range', () => {
    const acc = new StepAccumulator(90_000, 300_000, 60_000);
    for (const t of [30_000, 60_000, 119_999, 120_000, 299_999, 300_000]) acc.add(t, 1, 1, 1, 1);
    expect(acc.points('sum')).toEqual([
      [60_000, 1],
      [120_000, 1],
      [240_000, 1],
    ]);
  });
});

describe('mergeBuckets', () => {
  it('adds fresh buckets in time order and replaces a stored one at the same time', () => {
    const stored = {
      timestamps: [0, 120_000],
      columns: [
        [1, 5],
        [2, 6],
        [3, 11],
        [2, 2],
      ],
    };
    const fresh = {
      timestamps: [60_000, 120_000],
      columns: [
        [7, 9],
        [8, 9],
        [15, 9],
        [2, 1],
      ],
    };
    const merged = mergeBuckets(stored, fresh);
    expect(merged).toEqual({
      timestamps: [0, 60_000, 120_000],
      columns: [
        [1, 7, 9],
        [2, 8, 9],
        [3, 15, 9],
        [2, 2, 1],
      ],
    });
    expect(mergeBuckets(null, fresh)).toEqual(fresh);
  });

  it('combines buckets into one with the same totals', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3599 }), fc.integer({ min: -1e6, max: 1e6 })), {
          minLength: 1,
          maxLength: 200,
        }),
        (samples) => {
          const sorted = [...samples].sort((a, b) => a[0] - b[0]);
          const timestamps = sorted.map(([t]) => t * 1000);
          const values = sorted.map(([, v]) => v);
          expect(combineBuckets(rollup(timestamps, values, 60_000))).toEqual(
            rollup(timestamps, values, 3_600_000).columns.map((column) => column[0]),
          );
        },
      ),
    );
  });
});
