import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatTicks, formatValue, unitLabel } from './units';

describe('units', () => {
  it('formats values the way an operator reads them', () => {
    expect(formatValue(0.253, 'ratio')).toBe('25.3 %');
    expect(formatValue(3 * 1024 ** 3, 'bytes')).toBe('3.00 GiB');
    expect(formatValue(1536, 'bytes_per_second')).toBe('1.50 KiB/s');
    expect(formatValue(48.25, 'celsius')).toBe('48.3 °C');
    expect(formatValue(350, 'watts')).toBe('350 W');
    expect(formatValue(12_500, 'watts')).toBe('12.5 kW');
    expect(formatValue(1.5, '')).toBe('1.50');
    expect(formatValue(7, 'rpm')).toBe('7.00 rpm');
    expect(formatValue(null, 'W')).toBe('–');
  });

  it('labels ratios as percentages', () => {
    expect(unitLabel('ratio')).toBe('%');
    expect(unitLabel('celsius')).toBe('°C');
  });

  it('writes an axis in the scale of its largest tick, with one number of decimals', () => {
    expect(formatTicks([0, 5000, 10_000, 15_000, 20_000], 'watts')).toEqual([
      '0 kW',
      '5 kW',
      '10 kW',
      '15 kW',
      '20 kW',
    ]);
    expect(formatTicks([0, 2500, 5000, 7500], 'W')).toEqual(['0 W', '2500 W', '5000 W', '7500 W']);
    expect(formatTicks([0, 12_500, 25_000], 'W')).toEqual(['0.0 kW', '12.5 kW', '25.0 kW']);
    expect(formatTicks([0, 512 * 1024 ** 2, 1024 ** 3, 1.5 * 1024 ** 3], 'bytes')).toEqual([
      '0.0 GiB',
      '0.5 GiB',
      '1.0 GiB',
      '1.5 GiB',
    ]);
    expect(formatTicks([0, 0.25, 0.5, 0.75, 1], 'ratio')).toEqual([
      '0 %',
      '25 %',
      '50 %',
      '75 %',
      '100 %',
    ]);
    expect(formatTicks([0.1, 0.2, 0.30000000000000004], '')).toEqual(['0.1', '0.2', '0.3']);
    expect(formatTicks([40, 45, 50], 'celsius')).toEqual(['40 °C', '45 °C', '50 °C']);
    // A chart's decimal steps in bytes are not whole GiB: two significant digits of the step.
    expect(formatTicks([0, 20e9, 40e9, 60e9], 'bytes')).toEqual([
      '0 GiB',
      '19 GiB',
      '37 GiB',
      '56 GiB',
    ]);
    expect(formatTicks([0, 1e6, 2e6, 3e6], 'bytes/s')).toEqual([
      '0.00 MiB/s',
      '0.95 MiB/s',
      '1.91 MiB/s',
      '2.86 MiB/s',
    ]);
  });

  it('gives every tick of an axis the same unit and decimals', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('W', 'bytes', 'bytes/s', 'ratio', '°C', ''),
        fc.double({ min: 0.001, max: 1e12, noNaN: true }),
        fc.integer({ min: 2, max: 10 }),
        (unit, step, count) => {
          const ticks = Array.from({ length: count }, (_, i) => i * step);
          const labels = formatTicks(ticks, unit);
          const suffixes = new Set(labels.map((label) => label.replace(/^-?[\d.]+/, '')));
          const decimals = new Set(
            labels.map((label) => /^-?\d+(?:\.(\d+))?/.exec(label)![1]?.length ?? 0),
          );
          return labels.length === count && suffixes.size === 1 && decimals.size === 1;
        },
      ),
    );
  });
});
