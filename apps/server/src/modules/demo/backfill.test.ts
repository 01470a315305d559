import { describe, expect, it } from 'vitest';
import { backfillTimes } from './backfill.js';

const UNTIL = Date.UTC(2026, 10, 23, 12, 0, 30);
const DAY = 86_400_000;

describe('demo backfill', () => {
  it('plans readings every 5 minutes for 7 days and every minute for the last 6 hours', () => {
    const times = backfillTimes({
      spanMs: 7 * DAY,
      untilMs: UNTIL,
      coarseStepMs: 300_000,
      fineStepMs: 60_000,
      fineSpanMs: 6 * 3_600_000,
    });
    expect(times[0]).toBeGreaterThanOrEqual(UNTIL - 7 * DAY);
    expect(times.at(-1)).toBeLessThan(UNTIL);
    expect(times.length).toBe(7 * 288 - 72 + 360);
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
  });
});
