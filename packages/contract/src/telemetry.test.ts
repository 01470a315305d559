import { describe, expect, it } from 'vitest';
import { metricUnit } from './telemetry.js';

describe('metricUnit', () => {
  it("answers a server metric's unit from the catalogue", () => {
    expect(metricUnit('temperature_celsius')).toBe('°C');
    expect(metricUnit('cpu_usage_ratio')).toBe('ratio');
  });

  it("answers an equipment reading's unit from the shipped profiles, as the metric is stored", () => {
    expect(metricUnit('pcdu_wflow')).toBe('L/min');
    expect(metricUnit('pcdu_refrigerant_supply_temperature')).toBe('°C');
    // PDU outlet readings are stored as one metric with an outlet label.
    expect(metricUnit('pdu_outlet_power')).toBe('W');
    expect(metricUnit('pdu_phase_current')).toBe('A');
  });

  it('answers nothing for a flag, a state word, an unknown name or no metric', () => {
    expect(metricUnit('pcdu_waterleak')).toBe('');
    expect(metricUnit('no_such_metric')).toBe('');
    expect(metricUnit(null)).toBe('');
  });
});
