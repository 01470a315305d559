import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { niceTicks, timeLabel } from './ticks';

describe('niceTicks', () => {
  it('covers the range with round steps', () => {
    expect(niceTicks(0, 11.2)).toEqual([0, 5, 10, 15]);
    expect(niceTicks(3.1, 6.4)).toEqual([3, 4, 5, 6, 7]);
  });

  it('always covers min and max, ascending', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        // Chart values: kW, K and %, read to a thousandth.
        fc.double({ min: 0.001, max: 1e6, noNaN: true }),
        (min, span) => {
          const ticks = niceTicks(min, min + span);
          expect(ticks[0]!).toBeLessThanOrEqual(min + 1e-6);
          expect(ticks.at(-1)!).toBeGreaterThanOrEqual(min + span - 1e-6);
          for (let i = 1; i < ticks.length; i += 1)
            expect(ticks[i]!).toBeGreaterThan(ticks[i - 1]!);
          expect(ticks.length).toBeLessThanOrEqual(12);
        },
      ),
    );
  });
});

describe('timeLabel', () => {
  const ms = Date.UTC(2026, 10, 23, 11, 45);
  const DAY = 86_400_000;

  it('tells the two ends of a 24-hour chart apart by their day', () => {
    expect(timeLabel(ms, DAY)).not.toBe(timeLabel(ms - DAY, DAY));
    expect(timeLabel(ms, DAY)).toMatch(/^\d{1,2} Nov \d\d:\d\d$/);
  });

  it('shows only the time within an hour, only the day over a week', () => {
    expect(timeLabel(ms, 3_600_000)).toMatch(/^\d\d:\d\d$/);
    expect(timeLabel(ms, 7 * DAY)).toMatch(/^\d{1,2} Nov$/);
  });
});
