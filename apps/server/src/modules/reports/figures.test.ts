import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HOUR_MS,
  MAX_BRIDGED_GAP_MS,
  alertFigures,
  coolingCapacityKw,
  integrateEnergy,
  presenceShare,
  type Point,
} from './figures.js';

const FROM = Date.UTC(2026, 9, 1);
const hours = (n: number) => FROM + n * HOUR_MS;

describe('integrateEnergy', () => {
  it('is power × time for a constant power over the whole window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        (n, kw) => {
          const points: Point[] = Array.from({ length: n }, (_, i) => [hours(i), kw]);
          const energy = integrateEnergy(points, HOUR_MS, FROM, hours(n));
          expect(energy.kwh).toBeCloseTo(kw * n, 6);
          expect(energy.coveredMs).toBe(n * HOUR_MS);
        },
      ),
    );
  });

  it('bridges short gaps, leaves long ones out, and stays within min and max power', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 99 }), { minLength: 1, maxLength: 60 }),
        fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 100, maxLength: 100 }),
        (steps, values) => {
          const points: Point[] = steps.map((s) => [hours(s), values[s]!]);
          const energy = integrateEnergy(points, HOUR_MS, FROM, hours(100));
          const kws = points.map((p) => p[1]);
          const coveredH = energy.coveredMs / HOUR_MS;
          expect(coveredH).toBeGreaterThanOrEqual(steps.length - 1e-9);
          expect(coveredH).toBeLessThanOrEqual(100);
          expect(energy.kwh).toBeLessThanOrEqual(Math.max(...kws) * coveredH + 1e-6);
          expect(energy.kwh).toBeGreaterThanOrEqual(Math.min(...kws) * coveredH - 1e-6);
        },
      ),
    );
  });

  it('counts a gap longer than the bridge as no data', () => {
    const gapSteps = MAX_BRIDGED_GAP_MS / HOUR_MS + 1;
    const energy = integrateEnergy(
      [
        [hours(0), 10],
        [hours(1 + gapSteps), 10],
      ],
      HOUR_MS,
      FROM,
      hours(2 + gapSteps),
    );
    expect(energy.kwh).toBeCloseTo(20);
  });

  it('bridges a one-hour gap with the line between its neighbours', () => {
    const energy = integrateEnergy(
      [
        [hours(0), 10],
        [hours(2), 20],
      ],
      HOUR_MS,
      FROM,
      hours(3),
    );
    expect(energy.kwh).toBeCloseTo(10 + 15 + 20);
  });
});

describe('coolingCapacityKw', () => {
  it('scales heat removed to a fully open valve', () => {
    expect(
      coolingCapacityKw(
        [
          [hours(0), 20],
          [hours(1), 30],
        ],
        [
          [hours(0), 40],
          [hours(1), 60],
        ],
      ),
    ).toBeCloseTo(50);
    expect(coolingCapacityKw([[hours(0), 20]], [[hours(0), 5]])).toBeNull();
  });
});

describe('presenceShare', () => {
  it('is the share of steps with a sample, from registration on', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 23 }), { maxLength: 24 }), (steps) => {
        const share = presenceShare(
          steps.map((s) => [hours(s), 1] as Point),
          HOUR_MS,
          FROM,
          hours(24),
          0,
        );
        expect(share).toBeCloseTo(steps.length / 24);
      }),
    );
    expect(presenceShare([], HOUR_MS, FROM, hours(24), hours(30))).toBeNull();
    expect(presenceShare([[hours(20), 1]], HOUR_MS, FROM, hours(24), hours(20))).toBe(0.25);
  });
});

describe('alertFigures', () => {
  const t = (alertId: number, transition: 'firing' | 'resolved', atMs: number) => ({
    alertId,
    ruleName: `Rule ${alertId}`,
    severity: alertId === 1 ? ('critical' as const) : ('warning' as const),
    deviceName: 'pCDU Hall A',
    transition,
    atMs,
  });

  it('counts firings in the period and firing time clipped to it', () => {
    const figures = alertFigures(
      [
        t(1, 'firing', hours(-2)),
        t(1, 'resolved', hours(1)),
        t(2, 'firing', hours(3)),
        t(2, 'resolved', hours(5)),
        t(2, 'firing', hours(9)),
      ],
      FROM,
      hours(10),
      hours(100),
    );
    expect(figures.fired).toEqual({ critical: 0, warning: 2 });
    expect(figures.firingMs).toBe(HOUR_MS * (1 + 2 + 1));
    expect(figures.top[0]).toMatchObject({ ruleName: 'Rule 2', firings: 2, firingMs: 3 * HOUR_MS });
  });
});
