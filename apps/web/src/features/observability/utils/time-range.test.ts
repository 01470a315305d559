import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_WINDOW_MS,
  MIN_WINDOW_MS,
  PRESETS,
  TARGET_POINTS,
  fixedRange,
  fromDateTimeLocal,
  isLive,
  reachesBeyondFreeHistory,
  resolveRange,
  stepFor,
  toDateTimeLocal,
} from './time-range';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

describe('time ranges', () => {
  it('resolves a preset to the window ending now', () => {
    expect(resolveRange({ kind: 'preset', preset: '24h' }, NOW)).toEqual({
      fromMs: NOW - 86_400_000,
      toMs: NOW,
    });
    expect(resolveRange({ kind: 'preset', preset: '15m' }, NOW).fromMs).toBe(NOW - 900_000);
  });

  it('offers 15 minutes to 30 days', () => {
    expect(PRESETS[0].seconds).toBe(900);
    expect(PRESETS.at(-1)!.seconds).toBe(30 * 86_400);
  });

  it('picks round steps that keep every preset within about the target point count', () => {
    expect(stepFor(900_000)).toBe(15);
    expect(stepFor(86_400_000)).toBe(300);
    expect(stepFor(7 * 86_400_000)).toBe(1800);
    for (const preset of PRESETS) {
      expect(preset.seconds / stepFor(preset.seconds * 1000)).toBeLessThanOrEqual(TARGET_POINTS);
    }
  });

  it('orders, widens and caps a fixed window', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2e12 }), fc.integer({ min: 0, max: 2e12 }), (a, b) => {
        const range = fixedRange(a, b)!;
        if (range.kind !== 'fixed') throw new Error('fixed expected');
        const width = range.toMs - range.fromMs;
        expect(width).toBeGreaterThanOrEqual(MIN_WINDOW_MS);
        expect(width).toBeLessThanOrEqual(MAX_WINDOW_MS);
        expect(range.toMs).toBeGreaterThanOrEqual(Math.max(a, b));
      }),
    );
    expect(fixedRange(Number.NaN, 1)).toBeNull();
  });

  it('is live while the window reaches the present', () => {
    expect(isLive({ kind: 'preset', preset: '7d' }, NOW)).toBe(true);
    expect(isLive({ kind: 'fixed', fromMs: NOW - 3_600_000, toMs: NOW }, NOW)).toBe(true);
    expect(isLive({ kind: 'fixed', fromMs: NOW - 7_200_000, toMs: NOW - 3_600_000 }, NOW)).toBe(
      false,
    );
  });

  it('keeps the last 24 hours free and every longer or older window for a plan', () => {
    const beyond = (preset: (typeof PRESETS)[number]['id']) =>
      reachesBeyondFreeHistory({ kind: 'preset', preset }, NOW);
    for (const preset of ['15m', '1h', '6h', '24h'] as const) expect(beyond(preset)).toBe(false);
    expect(beyond('7d')).toBe(true);
    expect(beyond('30d')).toBe(true);
    const hour = 3_600_000;
    expect(
      reachesBeyondFreeHistory({ kind: 'fixed', fromMs: NOW - 2 * hour, toMs: NOW }, NOW),
    ).toBe(false);
    // Short, but ended long ago.
    expect(
      reachesBeyondFreeHistory(
        { kind: 'fixed', fromMs: NOW - 49 * hour, toMs: NOW - 48 * hour },
        NOW,
      ),
    ).toBe(true);
  });

  it('round-trips the custom fields at minute precision', () => {
    const minute = Math.floor(NOW / 60_000) * 60_000;
    expect(fromDateTimeLocal(toDateTimeLocal(minute))).toBe(minute);
    expect(fromDateTimeLocal('')).toBeNaN();
  });
});
