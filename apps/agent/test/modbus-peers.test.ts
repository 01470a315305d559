import { execFile, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PCDU_DEFAULT_PROFILE } from '@brezza/contract';
import { applyModbusCommand, createModbusConnection } from '../src/equipment/modbus-collector.js';
import { startPcduSimulator, type PcduSimulator } from '../src/equipment/pcdu-simulator.js';
import { freePort, mustHave, start, stop, tool, waitForTcp } from './peers.js';

const run = promisify(execFile);
const python = tool('/usr/bin/python3', 'python3-pymodbus');
const hasPymodbus =
  python.available &&
  (await run('/usr/bin/python3', ['-c', 'import pymodbus.server'])
    .then(() => true)
    .catch(() => false));
if (python.available && !hasPymodbus && process.env.CI !== 'true') {
  console.warn('Skipping: /usr/bin/python3 has no pymodbus (apt-get install python3-pymodbus).');
}
const mbpoll = tool('/usr/bin/mbpoll', 'mbpoll');

describe.runIf(hasPymodbus || mustHave(python))('the Modbus collector against pymodbus', () => {
  let server: ChildProcess | undefined;
  let port: number;

  beforeAll(async () => {
    if (!hasPymodbus) throw new Error('python3-pymodbus is required under CI=true.');
    port = await freePort();
    const script = path.join(import.meta.dirname, 'fixtures/equipment/pymodbus_pcdu.py');
    server = start('/usr/bin/python3', [script, String(port)]);
    await waitForTcp(port, server, 'pymodbus');
  });
  afterAll(() => stop(server));

  it('decodes every register of the default profile', async () => {
    const connection = createModbusConnection({ host: '127.0.0.1', port, unitId: 1 });
    try {
      expect(await connection.poll(PCDU_DEFAULT_PROFILE)).toEqual({
        valveSetpoint: 42.5,
        deltaTSetpoint: 12.5,
        ControlMode: 'MANUAL',
        SetpointSource: 'LOCAL',
        ipAddress: '10.0.0.5',
        subnetMask: '255.255.255.0',
        gateway: '10.0.0.1',
        primaryDns: '1.1.1.1',
        secondaryDns: '8.8.4.4',
        interfaceStatus: 'ACTIVE',
        refrigerant_supply_temperature: 21.5,
        refrigerant_return_temperature: 28.75,
        ambtemp: 24,
        water_outlet_temperature: 30.2,
        water_inlet_temperature: 18,
        dT: 12.2,
        facility_supply_pressure_voltage: 2.3,
        facility_return_pressure_voltage: 2.06,
        facility_supply_pressure: 45,
        facility_return_pressure: 39,
        wflow: 34.56,
        ref_m: 72,
        valveNow: 42.5,
        Setpoint_VolumetricFlow: 35,
        energy: 10000,
        cooling_power: 29.34,
        ErrorState: 'PSU_FAULT',
        psu1: 'ERROR',
        psu2: 'OK',
        malfunction: 2,
        electrical_power: 0.36,
        waterleak: true,
      });
    } finally {
      connection.close();
    }
  });

  it('writes setpoints and reads them back', async () => {
    const result = await applyModbusCommand(
      { host: '127.0.0.1', port, unitId: 1 },
      PCDU_DEFAULT_PROFILE,
      { kind: 'setpoints', values: { valveSetpoint: 30, deltaTSetpoint: 15 } },
    );
    expect(result).toEqual({
      status: 'applied',
      readBack: { valveSetpoint: 30, deltaTSetpoint: 15 },
    });
  });
});

describe.runIf(mustHave(mbpoll))('the pCDU simulator against mbpoll', () => {
  let simulator: PcduSimulator;
  /** `mbpoll [options] host [values to write]`: with values it writes, without it reads. */
  const mb = (options: string[], writes: string[] = []) =>
    run('/usr/bin/mbpoll', [
      ...['-m', 'tcp', '-a', '1', '-0', '-1', '-p', String(simulator.port)],
      ...options,
      '127.0.0.1',
      ...writes,
    ]).then((r) => r.stdout);
  /** mbpoll prints "[reference]: value" per register. */
  const values = (output: string) =>
    Object.fromEntries(
      [...output.matchAll(/^\[(\d+)\]:\s+(-?\d+)/gm)].map((m) => [Number(m[1]), Number(m[2])]),
    );

  beforeAll(async () => {
    if (!mbpoll.available) throw new Error(mbpoll.why);
    simulator = await startPcduSimulator({ port: 0, heatLoadKw: 30 });
  });
  afterAll(() => simulator?.close());

  it('reads the setpoints and the measurements', async () => {
    expect(values(await mb(['-t', '4', '-r', '0', '-c', '2']))).toEqual({ 0: 3000, 1: 150 });
    const input = values(await mb(['-t', '3', '-r', '0', '-c', '21']));
    expect(Object.keys(input)).toHaveLength(21);
    expect(input[16]).toBeGreaterThan(2500); // cooling power > 25 kW in hundredths
  });

  it('takes a ΔT setpoint in holding register 1 and reads it back', async () => {
    await mb(['-t', '4', '-r', '1'], ['123']);
    expect(values(await mb(['-t', '4', '-r', '1', '-c', '1']))).toEqual({ 1: 123 });
    expect(simulator.state().readings.Setpoint_VolumetricFlow).toBeGreaterThan(0);
  });

  it('refuses a ΔT setpoint above 55.0 K with an exception', async () => {
    await expect(mb(['-t', '4', '-r', '1'], ['551'])).rejects.toThrow();
    expect(values(await mb(['-t', '4', '-r', '1', '-c', '1']))).toEqual({ 1: 123 });
  });
});
