import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Forecast } from '@brezza/contract';
import { forecastGeometry } from './chart';
import { deviceChartPath, formatScore, metricLabel } from './format';

const forecast = (over: Partial<Forecast> = {}): Forecast => ({
  deviceId: 7,
  deviceName: 'pCDU Hall B',
  deviceType: 'pcdu',
  roomName: 'Hall B',
  kind: 'capacity',
  metric: 'pcdu_valve_now',
  labels: {},
  label: 'its cooling capacity (valve fully open)',
  unit: '%',
  threshold: 100,
  direction: 'above',
  thresholdSource: 'Valve fully open',
  currentValue: 80,
  slopePerDay: 2,
  etaDays: 10,
  etaEarliestDays: 8,
  etaLatestDays: 13,
  summary: 'Hall B (pCDU Hall B) reaches its cooling capacity in 10 days at the current growth.',
  history: [
    [0, 70],
    [3_600_000, 71],
  ],
  projection: [
    { atMs: 3_600_000, value: 71, low: 70, high: 72 },
    { atMs: 10 * 86_400_000, value: 100, low: 95, high: 105 },
  ],
  ...over,
});

describe('metricLabel', () => {
  it('uses the pCDU profile’s labels and names the series’ labels', () => {
    expect(metricLabel('pcdu_wflow')).toBe('Water flow');
    expect(metricLabel('temperature_celsius', { sensor: 'inlet' })).toBe(
      'Temperature celsius (sensor inlet)',
    );
    expect(metricLabel('pdu_outlet_power', { outlet: '3' })).toBe('Outlet power (outlet 3)');
  });
});

describe('deviceChartPath', () => {
  it('sends servers to observability and units to their own page', () => {
    expect(deviceChartPath('server', 4)).toBe('/observability/servers/4');
    expect(deviceChartPath('pcdu', 9)).toBe('/equipment/9');
  });
});

describe('formatScore', () => {
  it('keeps one decimal under 10 only', () => {
    expect(formatScore(0.42)).toBe('0.4');
    expect(formatScore(12.4)).toBe('12');
    expect(formatScore(1234.5)).toBe('1235');
  });
});

describe('forecastGeometry', () => {
  it('keeps every point of history, trend, band and threshold inside the box', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e4, max: 1e4, noNaN: true }), { minLength: 1, maxLength: 30 }),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (values, threshold, spread) => {
          const history = values.map((v, i) => [i * 3_600_000, v] as [number, number]);
          const last = history.at(-1)!;
          const projection = [0, 1, 2].map((i) => ({
            atMs: last[0] + i * 86_400_000,
            value: last[1] + i,
            low: last[1] + i - spread,
            high: last[1] + i + spread,
          }));
          const g = forecastGeometry(forecast({ history, projection, threshold }), 320, 96);
          const numbers = [g.history, g.trend, g.band]
            .join(' ')
            .split(/[MLZ,\s]+/)
            .filter(Boolean)
            .map(Number);
          for (let i = 0; i < numbers.length; i += 2) {
            expect(numbers[i]).toBeGreaterThanOrEqual(-0.05);
            expect(numbers[i]).toBeLessThanOrEqual(320.05);
            expect(numbers[i + 1]).toBeGreaterThanOrEqual(-0.05);
            expect(numbers[i + 1]).toBeLessThanOrEqual(96.05);
          }
          expect(g.thresholdY).toBeGreaterThanOrEqual(0);
          expect(g.thresholdY).toBeLessThanOrEqual(96);
        },
      ),
    );
  });

  it('puts the projection after the history', () => {
    const g = forecastGeometry(forecast(), 320, 96);
    expect(g.nowX).toBeGreaterThan(0);
    expect(g.nowX).toBeLessThan(320);
  });
});
