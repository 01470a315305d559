import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.js';

describe('backoffDelay', () => {
  const options = { baseMs: 1_000, maxMs: 300_000 };

  it('doubles from the base and stops growing at the maximum', () => {
    const half = () => 0.5;
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, options, half))).toEqual([
      750, 1_500, 3_000, 6_000,
    ]);
    expect(backoffDelay(50, options, half)).toBe(225_000);
    expect(backoffDelay(10_000, options, () => 0.999_999)).toBeLessThanOrEqual(300_000);
  });

  it('is always between half the ceiling and the ceiling', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 200 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, random) => {
          const ceiling = Math.min(300_000, 1_000 * 2 ** (Math.max(attempt, 1) - 1));
          const delay = backoffDelay(attempt, options, () => random);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
          expect(delay).toBeLessThanOrEqual(ceiling);
        },
      ),
    );
  });
});
