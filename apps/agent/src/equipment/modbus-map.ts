import {
  COMMAND_FAILURE,
  MODBUS_TYPE_WIDTH,
  type CommandKind,
  type ModbusProfile,
  type ModbusRegister,
  type ReadingValue,
} from '@brezza/contract';

/**
 * The pure half of Modbus collection: which requests read a profile, how register words become
 * readings, and how command values become register words. No sockets here.
 */

export type ModbusTable = ModbusRegister['table'];
export interface ReadBlock {
  table: ModbusTable;
  start: number;
  count: number;
}

/** Modbus limits per request: 125 registers (FC 3/4), 2000 bits (FC 1/2). */
export const MAX_REGISTERS_PER_READ = 125;
export const MAX_BITS_PER_READ = 2000;

const isBitTable = (table: ModbusTable) => table === 'coil' || table === 'discrete';
const width = (register: ModbusRegister) => MODBUS_TYPE_WIDTH[register.type];

/**
 * The fewest read requests that cover `registers`: contiguous addresses of one table share a
 * request. Gaps are never bridged, because a real device may answer "illegal data address" for
 * an address it does not implement.
 */
export function readBlocks(registers: readonly ModbusRegister[]): ReadBlock[] {
  const blocks: ReadBlock[] = [];
  const sorted = [...registers].sort((a, b) =>
    a.table === b.table ? a.address - b.address : a.table.localeCompare(b.table),
  );
  for (const register of sorted) {
    const last = blocks.at(-1);
    const limit = isBitTable(register.table) ? MAX_BITS_PER_READ : MAX_REGISTERS_PER_READ;
    if (
      last &&
      last.table === register.table &&
      last.start + last.count === register.address &&
      last.count + width(register) <= limit
    ) {
      last.count += width(register);
    } else {
      blocks.push({ table: register.table, start: register.address, count: width(register) });
    }
  }
  return blocks;
}

/** Words (or bits as 0/1) read from the device, per table, by address. */
export type RawTables = Record<ModbusTable, Map<number, number>>;
export const emptyRawTables = (): RawTables => ({
  holding: new Map(),
  input: new Map(),
  coil: new Map(),
  discrete: new Map(),
});

/** Decimal places of a scale (0.01 → 2), so that 2345 × 0.01 reads 23.45, not 23.450000000000003. */
function decimals(scale: number): number {
  return scale >= 1 ? 0 : Math.min(10, Math.ceil(-Math.log10(scale) - 1e-9));
}
export const scaled = (raw: number, scale = 1) => Number((raw * scale).toFixed(decimals(scale)));

/** The raw number a register holds, from its words (high word first). */
export function rawValue(register: ModbusRegister, words: readonly number[]): number {
  const [high = 0, low = 0] = words;
  switch (register.type) {
    case 'bool':
    case 'uint16':
      return high;
    case 'int16':
      return high >= 0x8000 ? high - 0x10000 : high;
    case 'uint32':
    case 'ipv4':
      return high * 0x10000 + low;
    case 'int32': {
      const unsigned = high * 0x10000 + low;
      return unsigned >= 0x8000_0000 ? unsigned - 0x1_0000_0000 : unsigned;
    }
    case 'float32': {
      const buffer = Buffer.alloc(4);
      buffer.writeUInt16BE(high, 0);
      buffer.writeUInt16BE(low, 2);
      return buffer.readFloatBE(0);
    }
  }
}

export const formatIpv4 = (value: number) =>
  [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');

/** A register's reading: a state's word, an address, a flag or the scaled number. */
export function decodeRegister(register: ModbusRegister, words: readonly number[]): ReadingValue {
  const raw = rawValue(register, words);
  if (register.type === 'bool') return raw !== 0;
  if (register.type === 'ipv4') return formatIpv4(raw);
  if (register.states) return register.states[String(raw)] ?? `UNKNOWN (${raw})`;
  return register.type === 'float32' ? raw : scaled(raw, register.scale);
}

/** Every register of the profile whose words were all read. */
export function decodeProfile(
  registers: readonly ModbusRegister[],
  tables: RawTables,
): Record<string, ReadingValue> {
  const values: Record<string, ReadingValue> = {};
  for (const register of registers) {
    const words: number[] = [];
    for (let i = 0; i < width(register); i += 1) {
      const word = tables[register.table].get(register.address + i);
      if (word === undefined) break;
      words.push(word);
    }
    if (words.length === width(register)) values[register.sensor] = decodeRegister(register, words);
  }
  return values;
}

/** A command value the profile cannot write: the reason is the command's failure reason. */
export class CommandValueError extends Error {
  override name = 'CommandValueError';
}

const RAW_RANGE: Record<ModbusRegister['type'], [number, number]> = {
  uint16: [0, 0xffff],
  int16: [-0x8000, 0x7fff],
  uint32: [0, 0xffff_ffff],
  int32: [-0x8000_0000, 0x7fff_ffff],
  float32: [-3.4e38, 3.4e38],
  ipv4: [0, 0xffff_ffff],
  bool: [0, 1],
};

function parseIpv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(p))) {
    return undefined;
  }
  return parts.reduce((sum, part) => sum * 256 + Number(part), 0);
}

/** The raw number to write for a value in the register's engineering unit. */
export function encodeRaw(register: ModbusRegister, value: ReadingValue): number {
  const fail = (why: string) => {
    throw new CommandValueError(COMMAND_FAILURE.unsupported(`${register.sensor} ${why}`));
  };
  let raw: number;
  if (register.type === 'bool') {
    if (typeof value !== 'boolean') return fail('takes true or false');
    raw = value ? 1 : 0;
  } else if (register.type === 'ipv4') {
    const parsed = typeof value === 'string' ? parseIpv4(value) : undefined;
    if (parsed === undefined) return fail('takes an IPv4 address');
    raw = parsed;
  } else if (register.states) {
    const entry = Object.entries(register.states).find(([, word]) => word === value);
    if (!entry) return fail(`takes one of ${Object.values(register.states).join(', ')}`);
    raw = Number(entry[0]);
  } else {
    if (typeof value !== 'number' || !Number.isFinite(value)) return fail('takes a number');
    raw = register.type === 'float32' ? value : Math.round(value / (register.scale ?? 1));
  }
  const [low, high] = RAW_RANGE[register.type];
  const min = Math.max(low, register.min ?? low);
  const max = Math.min(high, register.max ?? high);
  if (raw < min || raw > max) {
    const unit = register.unit ? ` ${register.unit}` : '';
    return fail(
      `must be from ${scaled(min, register.scale)} to ${scaled(max, register.scale)}${unit}`,
    );
  }
  return raw;
}

/** The words a raw number takes, high word first. */
export function rawToWords(register: ModbusRegister, raw: number): number[] {
  switch (register.type) {
    case 'bool':
    case 'uint16':
      return [raw];
    case 'int16':
      return [raw < 0 ? raw + 0x10000 : raw];
    case 'float32': {
      const buffer = Buffer.alloc(4);
      buffer.writeFloatBE(raw, 0);
      return [buffer.readUInt16BE(0), buffer.readUInt16BE(2)];
    }
    default: {
      const unsigned = raw < 0 ? raw + 0x1_0000_0000 : raw;
      return [Math.floor(unsigned / 0x10000), unsigned % 0x10000];
    }
  }
}

export interface PlannedWrite {
  register: ModbusRegister;
  value: ReadingValue;
  raw: number;
  words: number[];
}

/**
 * The writes a command makes, in address order; throws CommandValueError (nothing written)
 * when a value names no register of that kind or is out of the register's range.
 */
export function planCommand(
  profile: ModbusProfile,
  kind: CommandKind,
  values: Record<string, ReadingValue | undefined>,
): PlannedWrite[] {
  const writes: PlannedWrite[] = [];
  for (const [sensor, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const register = profile.registers.find((r) => r.sensor === sensor);
    if (!register || register.command !== kind) {
      throw new CommandValueError(
        COMMAND_FAILURE.unsupported(`${sensor} is not a ${kind} register of ${profile.name}`),
      );
    }
    const raw = encodeRaw(register, value);
    writes.push({ register, value, raw, words: rawToWords(register, raw) });
  }
  if (writes.length === 0) {
    throw new CommandValueError(COMMAND_FAILURE.unsupported('the command changes nothing'));
  }
  return writes.sort((a, b) => a.register.address - b.register.address);
}

/** Contiguous holding-register writes merged into one "write multiple registers" each. */
export function writeBlocks(writes: readonly PlannedWrite[]): { start: number; words: number[] }[] {
  const blocks: { start: number; words: number[] }[] = [];
  for (const write of writes.filter((w) => w.register.table === 'holding')) {
    const last = blocks.at(-1);
    if (last && last.start + last.words.length === write.register.address) {
      last.words.push(...write.words);
    } else {
      blocks.push({ start: write.register.address, words: [...write.words] });
    }
  }
  return blocks;
}
