import { describe, expect, it } from 'vitest';
import { formatValue, unitLabel } from './units';

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
});
