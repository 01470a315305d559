import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMAND_FAILURE, PCDU_DEFAULT_PROFILE, type ModbusProfile } from '@brezza/contract';
import { injectSimulatorFault } from './control-server.js';
import {
  ModbusNoAnswer,
  applyModbusCommand,
  createModbusConnection,
  type ModbusConnection,
} from './modbus-collector.js';
import { pcduHistory, startPcduSimulator, type PcduSimulator } from './pcdu-simulator.js';

let simulator: PcduSimulator;
let connection: ModbusConnection;
const target = () => ({ host: '127.0.0.1', port: simulator.port, unitId: 1 });

beforeEach(async () => {
  simulator = await startPcduSimulator({ port: 0, heatLoadKw: 30 });
  connection = createModbusConnection(target(), 1000);
});
afterEach(async () => {
  connection.close();
  await simulator.close();
});

describe('the pCDU simulator through the Modbus collector', () => {
  it('reads every sensor of the profile, in engineering units', async () => {
    const values = await connection.poll(PCDU_DEFAULT_PROFILE);
    expect(Object.keys(values).sort()).toEqual(
      PCDU_DEFAULT_PROFILE.registers.map((r) => r.sensor).sort(),
    );
    expect(values).toMatchObject({
      valveSetpoint: 30,
      deltaTSetpoint: 15,
      ControlMode: 'AUTO',
      psu1: 'OK',
      psu2: 'OK',
      ErrorState: 'OK',
      waterleak: false,
      ipAddress: '192.168.1.50',
      interfaceStatus: 'ACTIVE',
    });
    expect(values.cooling_power as number).toBeGreaterThan(25);
    expect(values.dT as number).toBeCloseTo(15, 0);
  });

  it('applies setpoints, reads them back and marks the source REMOTE', async () => {
    const result = await applyModbusCommand(target(), PCDU_DEFAULT_PROFILE, {
      kind: 'setpoints',
      values: { valveSetpoint: 45.5, deltaTSetpoint: 12.3 },
    });
    expect(result).toEqual({
      status: 'applied',
      readBack: { valveSetpoint: 45.5, deltaTSetpoint: 12.3 },
    });
    expect(await connection.poll(PCDU_DEFAULT_PROFILE)).toMatchObject({
      valveSetpoint: 45.5,
      deltaTSetpoint: 12.3,
      SetpointSource: 'REMOTE',
    });
  });

  it('applies a network configuration', async () => {
    const result = await applyModbusCommand(target(), PCDU_DEFAULT_PROFILE, {
      kind: 'network',
      values: { ipAddress: '10.20.30.40', subnetMask: '255.255.0.0', interfaceStatus: 'INACTIVE' },
    });
    expect(result.status).toBe('applied');
    expect(await connection.poll(PCDU_DEFAULT_PROFILE)).toMatchObject({
      ipAddress: '10.20.30.40',
      subnetMask: '255.255.0.0',
      interfaceStatus: 'INACTIVE',
    });
  });

  it('reports a value the device refuses, and changes nothing', async () => {
    // A profile that allows more than the unit does: the unit answers exception 03.
    const loose: ModbusProfile = {
      ...PCDU_DEFAULT_PROFILE,
      registers: PCDU_DEFAULT_PROFILE.registers.map((r) =>
        r.sensor === 'valveSetpoint' ? { ...r, max: 20000 } : r,
      ),
    };
    const result = await applyModbusCommand(target(), loose, {
      kind: 'setpoints',
      values: { valveSetpoint: 150, deltaTSetpoint: 20 },
    });
    expect(result.status).toBe('failed');
    expect(result.reason).toMatch(/^The device refused the change: Modbus exception 3/);
    expect(await connection.poll(PCDU_DEFAULT_PROFILE)).toMatchObject({
      valveSetpoint: 30,
      deltaTSetpoint: 15,
    });
  });

  it('refuses out-of-range values before writing anything', async () => {
    const result = await applyModbusCommand(target(), PCDU_DEFAULT_PROFILE, {
      kind: 'setpoints',
      values: { deltaTSetpoint: 60 },
    });
    expect(result).toEqual({
      status: 'failed',
      reason: COMMAND_FAILURE.unsupported('deltaTSetpoint must be from 0 to 55 K'),
    });
  });

  it('goes silent when offline and answers again after clear, through the control port', async () => {
    await injectSimulatorFault({ host: '127.0.0.1', controlPort: simulator.controlPort }, 'leak');
    expect(await connection.poll(PCDU_DEFAULT_PROFILE)).toMatchObject({
      waterleak: true,
      ErrorState: 'WATER_LEAK',
    });
    await injectSimulatorFault(
      { host: '127.0.0.1', controlPort: simulator.controlPort },
      'offline',
    );
    await expect(connection.poll(PCDU_DEFAULT_PROFILE)).rejects.toThrow(ModbusNoAnswer);
    const result = await applyModbusCommand(
      target(),
      PCDU_DEFAULT_PROFILE,
      { kind: 'setpoints', values: { deltaTSetpoint: 10 } },
      { timeoutMs: 1000 },
    );
    expect(result).toEqual({ status: 'failed', reason: COMMAND_FAILURE.noAnswer });
    await injectSimulatorFault({ host: '127.0.0.1', controlPort: simulator.controlPort }, 'clear');
    expect(await connection.poll(PCDU_DEFAULT_PROFILE)).toMatchObject({ waterleak: false });
  });

  it('says which faults exist when given an unknown one', async () => {
    await expect(
      injectSimulatorFault(
        { host: '127.0.0.1', controlPort: simulator.controlPort },
        'fire' as never,
      ),
    ).rejects.toThrow(/fault must be one of leak, psu1/);
  });

  it('reports no answer when nothing listens', async () => {
    const port = simulator.port;
    await simulator.close();
    simulator = await startPcduSimulator({ port: 0 });
    const result = await applyModbusCommand(
      { host: '127.0.0.1', port, unitId: 1 },
      PCDU_DEFAULT_PROFILE,
      { kind: 'setpoints', values: { deltaTSetpoint: 10 } },
      { timeoutMs: 300, reconnectDelayMs: 100 },
    );
    expect(result).toEqual({ status: 'failed', reason: COMMAND_FAILURE.noAnswer });
  });
});

describe('pcduHistory', () => {
  it('gives what a poll gives, one reading a step, energy rising with the load', async () => {
    const history = [
      ...pcduHistory({ fromMs: 0, toMs: 3_600_000, stepSeconds: 60, heatLoadKw: () => 30 }),
    ];
    expect(history).toHaveLength(61);
    expect(history[1]!.timestampMs).toBe(60_000);
    const live = await connection.poll(PCDU_DEFAULT_PROFILE);
    expect(Object.keys(history[0]!.values).sort()).toEqual(Object.keys(live).sort());
    expect(history.at(-1)!.values.energy as number).toBeCloseTo(30, 0);
    expect(history.at(-1)!.values).toMatchObject({
      valveSetpoint: 30,
      psu1: 'OK',
      waterleak: false,
    });
  });
});
