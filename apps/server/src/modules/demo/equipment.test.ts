import { describe, expect, it } from 'vitest';
import { DEMO_LIQUID_SHARE, backfillSamples } from './equipment.js';
import { demoServer, powerWatts } from './telemetry-model.js';

describe('backfillSamples', () => {
  it('covers seven days every five minutes for the pCDU and each PDU, ending before now', () => {
    const now = Date.UTC(2026, 10, 23, 12);
    const samples = backfillSamples(
      1,
      {
        gatewayServerId: 9,
        pcdu: { id: 10, port: 1502, serverNames: ['mil-web-01', 'mil-gpu-01'] },
        pdus: [{ id: 11, port: 1503, serverNames: ['mil-gpu-01'] }],
      },
      now,
    );
    const supply = samples.filter((s) => s.metric === 'pcdu_refrigerant_supply_temperature');
    expect(supply).toHaveLength(7 * 24 * 12);
    expect(Math.min(...supply.map((s) => s.timestampMs))).toBe(now - 7 * 86_400_000);
    expect(Math.max(...samples.map((s) => s.timestampMs))).toBeLessThan(now);
    const energy = samples.filter((s) => s.deviceId === 11 && s.metric === 'pdu_energy');
    expect(energy.at(-1)!.value).toBeGreaterThan(energy[0]!.value);
    expect(new Set(samples.map((s) => s.deviceId))).toEqual(new Set([10, 11]));
  });

  it('loads each unit with its servers’ own modelled power', () => {
    const now = Date.UTC(2026, 10, 23, 12);
    const room = ['mil-web-01', 'mil-gpu-01'];
    const samples = backfillSamples(
      1,
      {
        gatewayServerId: 9,
        pcdu: { id: 10, port: 1502, serverNames: room },
        pdus: [{ id: 11, port: 1503, serverNames: ['mil-gpu-01'] }],
      },
      now,
    );
    const watts = (names: string[], t: number) =>
      names.reduce((sum, name) => sum + powerWatts(demoServer(name), t), 0);
    // A day in, well past the loop's start-up transient.
    for (const t of [now - 6 * 86_400_000, now - 3 * 86_400_000 + 7_200_000, now - 600_000]) {
      const at = samples.filter((s) => s.timestampMs === t);
      const outlets = at
        .filter((s) => s.deviceId === 11 && s.metric === 'pdu_outlet_power')
        .reduce((sum, s) => sum + s.value, 0);
      expect(outlets).toBeCloseTo(watts(['mil-gpu-01'], t), -1);
      const cooling = at.find((s) => s.metric === 'pcdu_cooling_power')!.value;
      expect(cooling).toBeGreaterThan(0.9 * DEMO_LIQUID_SHARE * (watts(room, t) / 1000));
      expect(cooling).toBeLessThan(1.1 * DEMO_LIQUID_SHARE * (watts(room, t) / 1000));
    }
  });
});
