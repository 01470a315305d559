import { describe, expect, it } from 'vitest';
import { equipmentMetricName as metricName } from '@brezza/contract';
import { readingSamples } from './samples.js';

describe('readingSamples', () => {
  it('stores numbers and flags, labels outlets and phases, and leaves state words out', () => {
    const samples = readingSamples(7, 'pdu', {
      equipmentId: 3,
      timestampMs: 1000,
      values: { outlet_4_power: 120, phase_2_voltage: 231, power: 900, outlet_4_state: 'ON' },
    });
    expect(samples).toEqual([
      {
        organisationId: 7,
        deviceId: 3,
        metric: 'pdu_outlet_power',
        labels: { outlet: '4' },
        timestampMs: 1000,
        value: 120,
      },
      {
        organisationId: 7,
        deviceId: 3,
        metric: 'pdu_phase_voltage',
        labels: { phase: '2' },
        timestampMs: 1000,
        value: 231,
      },
      { organisationId: 7, deviceId: 3, metric: 'pdu_power', timestampMs: 1000, value: 900 },
    ]);
    expect(
      readingSamples(7, 'pcdu', { equipmentId: 1, timestampMs: 5, values: { waterleak: true } }),
    ).toEqual([
      { organisationId: 7, deviceId: 1, metric: 'pcdu_waterleak', timestampMs: 5, value: 1 },
    ]);
  });

  it('spells sensor names as metric names', () => {
    expect(metricName('pcdu', 'Setpoint_VolumetricFlow')).toBe('pcdu_setpoint_volumetric_flow');
    expect(metricName('pcdu', 'valveNow')).toBe('pcdu_valve_now');
    expect(metricName('pcdu', 'refrigerant_supply_temperature')).toBe(
      'pcdu_refrigerant_supply_temperature',
    );
  });
});
