import { describe, expect, it } from 'vitest';
import { alertValueText } from './alerts.js';

describe('alertValueText', () => {
  it('writes a number with its unit, a ratio as a percentage', () => {
    expect(alertValueText('101.7', '°C')).toBe('101.7\u00a0°C');
    expect(alertValueText('12', 'L/min')).toBe('12\u00a0L/min');
    expect(alertValueText('0.934', 'ratio')).toBe('93.4\u00a0%');
  });

  it('leaves words, unitless values and a missing value as they read', () => {
    expect(alertValueText('ERROR', '')).toBe('ERROR');
    expect(alertValueText('ERROR', '°C')).toBe('ERROR');
    expect(alertValueText('1', '')).toBe('1');
    expect(alertValueText(null, '°C')).toBe('—');
  });
});
