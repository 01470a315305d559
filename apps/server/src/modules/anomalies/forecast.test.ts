import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DAY_MS,
  MIN_FIT_POINTS,
  describeDays,
  fitTrend,
  predictAt,
  projection,
  timeToThreshold,
} from './forecast.js';

const HOUR = 3_600_000;
const hourly = (values: number[], startMs = 0) =>
  values.map((v, i) => [startMs + i * HOUR, v] as [number, number]);

describe('fitTrend', () => {
  it('needs enough points', () => {
    expect(fitTrend(hourly(Array(MIN_FIT_POINTS - 1).fill(1)))).toBeNull();
  });

  it('recovers an exact line', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -10, max: 10, noNaN: true }),
        fc.double({ min: -100, max: 100, noNaN: true }),
        (perHour, start) => {
          const trend = fitTrend(
            hourly(Array.from({ length: 48 }, (_, i) => start + perHour * i)),
          )!;
          expect(trend.slope * HOUR).toBeCloseTo(perHour, 6);
          expect(predictAt(trend, 10 * HOUR).value).toBeCloseTo(start + 10 * perHour, 5);
          expect(trend.residualSd).toBeCloseTo(0, 6);
        },
      ),
    );
  });

  it('widens the band the further it projects', () => {
    const noisy = hourly(Array.from({ length: 168 }, (_, i) => 20 + 0.01 * i + Math.sin(i)));
    const trend = fitTrend(noisy)!;
    const near = predictAt(trend, 170 * HOUR);
    const far = predictAt(trend, 1000 * HOUR);
    expect(far.high - far.low).toBeGreaterThan(near.high - near.low);
    for (const p of projection(trend, 168 * HOUR, 30)) {
      expect(p.low).toBeLessThanOrEqual(p.value);
      expect(p.high).toBeGreaterThanOrEqual(p.value);
    }
  });
});

describe('timeToThreshold', () => {
  it('finds when a rising line reaches its threshold', () => {
    // 1 unit a day from 20: 30 is reached 10 days after the start.
    const points = hourly(Array.from({ length: 168 }, (_, i) => 20 + i / 24));
    const trend = fitTrend(points)!;
    const now = 167 * HOUR;
    const crossing = timeToThreshold(trend, 30, 'above', now, 90);
    expect(crossing.etaDays).toBeCloseTo(10 - 167 / 24, 1);
  });

  it('orders the band: earliest ≤ trend ≤ latest, for either direction', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.05, max: 2, noNaN: true }),
        fc.boolean(),
        fc.integer({ min: 0, max: 1000 }),
        (perDay, rising, seed) => {
          const sign = rising ? 1 : -1;
          const values = Array.from(
            { length: 168 },
            (_, i) => 50 + (sign * perDay * i) / 24 + Math.sin(i * 1.7 + seed) * 0.5,
          );
          const trend = fitTrend(hourly(values))!;
          const crossing = timeToThreshold(
            trend,
            rising ? 60 : 40,
            rising ? 'above' : 'below',
            167 * HOUR,
            90,
          );
          if (crossing.etaDays !== null && crossing.earliestDays !== null)
            expect(crossing.earliestDays).toBeLessThanOrEqual(crossing.etaDays);
          if (crossing.etaDays !== null && crossing.latestDays !== null)
            expect(crossing.latestDays).toBeGreaterThanOrEqual(crossing.etaDays);
        },
      ),
    );
  });

  it('finds no crossing for a line moving away from the threshold', () => {
    const trend = fitTrend(hourly(Array.from({ length: 168 }, (_, i) => 20 - i / 240)))!;
    expect(timeToThreshold(trend, 30, 'above', 167 * HOUR, 90).etaDays).toBeNull();
  });
});

describe('describeDays', () => {
  it('speaks in hours under two days and days beyond', () => {
    expect(describeDays(0.01)).toBe('less than an hour');
    expect(describeDays(1 / 24)).toBe('1 hour');
    expect(describeDays(0.5)).toBe('12 hours');
    expect(describeDays(9.2)).toBe('9 days');
    expect(DAY_MS).toBe(24 * HOUR);
  });
});
