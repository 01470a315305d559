import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PCDU_DEFAULT_PROFILE, type ModbusRegister } from '@brezza/contract';
import {
  CommandValueError,
  decodeProfile,
  decodeRegister,
  emptyRawTables,
  encodeRaw,
  planCommand,
  rawToWords,
  readBlocks,
  writeBlocks,
} from './modbus-map.js';

const register = (sensor: string) =>
  PCDU_DEFAULT_PROFILE.registers.find((r) => r.sensor === sensor)!;

describe('readBlocks', () => {
  it('reads the default profile in four contiguous requests', () => {
    expect(readBlocks(PCDU_DEFAULT_PROFILE.registers)).toEqual([
      { table: 'discrete', start: 0, count: 1 },
      { table: 'holding', start: 0, count: 4 },
      { table: 'holding', start: 10, count: 11 },
      { table: 'input', start: 0, count: 22 },
    ]);
  });

  it('covers every register word exactly once', () => {
    const blocks = readBlocks(PCDU_DEFAULT_PROFILE.registers);
    const covered = blocks.flatMap((b) =>
      Array.from({ length: b.count }, (_, i) => `${b.table}:${b.start + i}`),
    );
    expect(new Set(covered).size).toBe(covered.length);
  });
});

describe('decoding', () => {
  it('scales, signs, joins words and names states', () => {
    expect(decodeRegister(register('valveSetpoint'), [3000])).toBe(30);
    expect(decodeRegister(register('deltaTSetpoint'), [150])).toBe(15);
    expect(decodeRegister(register('ambtemp'), [0xffff - 99])).toBe(-1);
    expect(decodeRegister(register('energy'), [1, 10])).toBe(6554.6);
    expect(decodeRegister(register('ipAddress'), [0xc0a8, 0x0132])).toBe('192.168.1.50');
    expect(decodeRegister(register('psu1'), [1])).toBe('ERROR');
    expect(decodeRegister(register('psu2'), [1])).toBe('Warning');
    expect(decodeRegister(register('psu2'), [9])).toBe('UNKNOWN (9)');
    expect(decodeRegister(register('waterleak'), [1])).toBe(true);
  });

  it('leaves out registers whose words were not all read', () => {
    const tables = emptyRawTables();
    tables.holding.set(0, 3000);
    tables.holding.set(10, 0xc0a8);
    expect(decodeProfile(PCDU_DEFAULT_PROFILE.registers, tables)).toEqual({ valveSetpoint: 30 });
  });
});

describe('encoding commands', () => {
  it('writes the setpoints as holding registers 0 and 1 in one request', () => {
    const writes = planCommand(PCDU_DEFAULT_PROFILE, 'setpoints', {
      deltaTSetpoint: 15,
      valveSetpoint: 30,
    });
    expect(writeBlocks(writes)).toEqual([{ start: 0, words: [3000, 150] }]);
  });

  it('writes network addresses high word first', () => {
    const writes = planCommand(PCDU_DEFAULT_PROFILE, 'network', {
      ipAddress: '10.1.2.3',
      interfaceStatus: 'ACTIVE',
    });
    expect(writeBlocks(writes)).toEqual([
      { start: 10, words: [0x0a01, 0x0203] },
      { start: 20, words: [1] },
    ]);
  });

  it('refuses values out of range, of the wrong kind or unknown', () => {
    expect(() => planCommand(PCDU_DEFAULT_PROFILE, 'setpoints', { deltaTSetpoint: 55.1 })).toThrow(
      /must be from 0 to 55 K/,
    );
    expect(() => planCommand(PCDU_DEFAULT_PROFILE, 'setpoints', { ipAddress: '1.2.3.4' })).toThrow(
      CommandValueError,
    );
    expect(() => planCommand(PCDU_DEFAULT_PROFILE, 'network', { gateway: '1.2.3' })).toThrow(
      /IPv4/,
    );
    expect(() => planCommand(PCDU_DEFAULT_PROFILE, 'network', {})).toThrow(/changes nothing/);
  });

  it('round-trips every value a register accepts', () => {
    const numeric = PCDU_DEFAULT_PROFILE.registers.filter(
      (r): r is ModbusRegister => !r.states && r.type !== 'ipv4' && r.type !== 'bool',
    );
    fc.assert(
      fc.property(fc.constantFrom(...numeric), fc.integer({ min: 0, max: 65_535 }), (reg, raw) => {
        const max = Math.min(reg.max ?? 0x7fff, reg.type === 'int16' ? 0x7fff : 0xffff);
        const value = decodeRegister(reg, rawToWords(reg, raw % (max + 1)));
        expect(rawToWords(reg, encodeRaw(reg, value))).toEqual(rawToWords(reg, raw % (max + 1)));
      }),
    );
  });
});
