import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  changePercent,
  formatChange,
  formatKw,
  formatKwh,
  formatPercent,
  formatRatio,
} from './format';
import { periodRange } from './period';

describe('efficiency figures as the pages write them', () => {
  it('writes powers and energies with their units, a dash when not measured', () => {
    expect(formatKw(6.4)).toBe('6.40 kW');
    expect(formatKw(83.35)).toBe('83.3 kW');
    expect(formatKw(2001.4)).toBe('2.00 MW');
    expect(formatKw(null)).toBe('—');
    expect(formatKwh(1075.2)).toBe('1075 kWh');
    expect(formatKwh(52_000)).toBe('52.0 MWh');
    expect(formatPercent(7.66)).toBe('7.7 %');
    expect(formatRatio(1.0321)).toBe('1.032');
  });

  it('compares with the previous period', () => {
    expect(changePercent(110, 100)).toBeCloseTo(10, 9);
    expect(changePercent(5, null)).toBeNull();
    expect(changePercent(5, 0)).toBeNull();
    expect(formatChange(-2.34)).toBe('−2.3 % vs previous');
    expect(formatChange(0.01)).toBe('unchanged');
    expect(formatChange(null)).toBe('no previous data');
  });

  it('a change applied to the previous value gives the current one', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        (previous, current) => {
          const change = changePercent(current, previous)!;
          expect(previous * (1 + change / 100)).toBeCloseTo(current, 3);
        },
      ),
    );
  });

  it('periods end now', () => {
    const now = Date.UTC(2026, 10, 23, 12);
    expect(periodRange('7d', now)).toEqual({
      from: '2026-11-16T12:00:00.000Z',
      to: '2026-11-23T12:00:00.000Z',
    });
  });
});
