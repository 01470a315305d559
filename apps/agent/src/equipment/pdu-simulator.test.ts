import { afterEach, describe, expect, it } from 'vitest';
import { APC_RPDU2_PROFILE, RARITAN_PDU2_PROFILE, type SnmpProfile } from '@brezza/contract';
import { injectSimulatorFault } from './control-server.js';
import { pduHistory, startPduSimulator, type PduSimulator } from './pdu-simulator.js';
import { SnmpNoAnswer, pollSnmp } from './snmp-collector.js';
import { decodeSnmp, walkRoots } from './snmp-map.js';

let simulator: PduSimulator | undefined;
afterEach(async () => {
  await simulator?.close();
  simulator = undefined;
});

const address = (community = 'public') => ({
  host: '127.0.0.1',
  port: simulator!.port,
  snmp: { version: '2c' as const, community },
});

describe('SNMP profile decoding', () => {
  it('walks each table once and reads Raritan rows by sensor type', () => {
    expect(walkRoots(RARITAN_PDU2_PROFILE.metrics)).toEqual([
      '1.3.6.1.4.1.13742.6.5.3.3.1.4.1.1',
      '1.3.6.1.4.1.13742.6.5.4.3.1.3.1',
      '1.3.6.1.4.1.13742.6.5.4.3.1.4.1',
    ]);
    const values = decodeSnmp(
      RARITAN_PDU2_PROFILE.metrics,
      new Map([
        ['1.3.6.1.4.1.13742.6.5.4.3.1.4.1.2.5', 120],
        ['1.3.6.1.4.1.13742.6.5.4.3.1.4.1.2.1', 540],
        ['1.3.6.1.4.1.13742.6.5.4.3.1.4.1.2.7', 99],
        ['1.3.6.1.4.1.13742.6.5.4.3.1.3.1.2.14', 7],
        ['1.3.6.1.4.1.13742.6.5.2.3.1.4.1.1.8', 123456],
      ]),
    );
    expect(values).toEqual({
      outlet_2_power: 120,
      outlet_2_current: 0.54,
      outlet_2_state: 'ON',
      energy: 123.456,
    });
  });
});

describe.each<[string, SnmpProfile]>([
  ['APC rPDU2', APC_RPDU2_PROFILE],
  ['Raritan PDU2', RARITAN_PDU2_PROFILE],
])('the PDU simulator as %s through the SNMP collector', (_name, profile) => {
  it('serves per-outlet power and state, per-phase current and voltage, total energy', async () => {
    simulator = await startPduSimulator({ port: 0, profile, loadKw: () => 8 });
    simulator.advance(3600);
    const values = await pollSnmp(address(), profile);
    const outletPower = Array.from({ length: 8 }, (_, i) => values[`outlet_${i + 1}_power`]);
    expect(outletPower.every((w) => typeof w === 'number' && w > 0)).toBe(true);
    expect((outletPower as number[]).reduce((a, b) => a + b, 0)).toBeCloseTo(8000, -1);
    expect(values.outlet_1_state).toBe('ON');
    expect(values.phase_1_voltage).toBe(230);
    expect(values.phase_3_current as number).toBeGreaterThan(5);
    expect(values.energy as number).toBeCloseTo(8, 0);
  });
});

describe('the PDU simulator', () => {
  it('carries its energy meter on from a reading given at start', async () => {
    simulator = await startPduSimulator({ port: 0, loadKw: () => 8, energyKwh: 1000 });
    simulator.advance(3600);
    const values = await pollSnmp(address(), APC_RPDU2_PROFILE);
    expect(values.energy as number).toBeCloseTo(1008, 0);
  });

  it('goes silent when offline, and answers no wrong community', async () => {
    simulator = await startPduSimulator({ port: 0 });
    await expect(pollSnmp(address('private'), APC_RPDU2_PROFILE, 300)).rejects.toThrow(
      SnmpNoAnswer,
    );
    const control = { host: '127.0.0.1', controlPort: simulator.controlPort };
    await injectSimulatorFault(control, 'offline');
    await expect(pollSnmp(address(), APC_RPDU2_PROFILE, 300)).rejects.toThrow(
      /no SNMP answer from 127.0.0.1/,
    );
    await expect(injectSimulatorFault(control, 'leak')).rejects.toThrow(/pCDU fault/);
    await injectSimulatorFault(control, 'clear');
    expect((await pollSnmp(address(), APC_RPDU2_PROFILE)).outlet_1_state).toBe('ON');
  });
});

describe('pduHistory', () => {
  it('integrates energy and decodes through the profile', () => {
    const history = [
      ...pduHistory({
        fromMs: 0,
        toMs: 7_200_000,
        stepSeconds: 600,
        loadKw: () => 5,
        profile: RARITAN_PDU2_PROFILE,
      }),
    ];
    expect(history).toHaveLength(13);
    expect(history.at(-1)!.values.energy as number).toBeCloseTo(10, 1);
    expect(history[0]!.values.outlet_8_state).toBe('ON');
  });
});
