import { describe, expect, it } from 'vitest';
import { backfillSamples } from './equipment.js';

describe('backfillSamples', () => {
  it('covers seven days every five minutes for the pCDU and each PDU, ending before now', () => {
    const now = Date.UTC(2026, 10, 23, 12);
    const samples = backfillSamples(
      1,
      {
        gatewayServerId: 9,
        pcdu: { id: 10, port: 1502, serverCount: 20 },
        pdus: [{ id: 11, port: 1503, serverCount: 8 }],
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
});
