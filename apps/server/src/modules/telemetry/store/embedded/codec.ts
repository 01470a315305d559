/**
 * The embedded store's chunk codec: pure functions, no I/O.
 *
 * A chunk holds one time column and one or more value columns of the same length:
 * - timestamps (epoch ms): the first as 44 bits, the first interval, then each delta-of-delta
 *   (Gorilla; a regular interval costs nothing);
 * - each value column: when every value is a decimal with at most 9 digits after the point
 *   (what the server stores: rounded readings, byte counts), the values scaled to integers and
 *   delta-encoded; otherwise Gorilla's XOR of the IEEE-754 bits.
 * Integer sequences are packed at a width chosen per chunk (see writeInts).
 * Decoding gives back exactly the numbers that were encoded (same doubles, -0 and NaN included).
 */

const TWO_32 = 2 ** 32;

class BitWriter {
  private bytes = new Uint8Array(64);
  private bitLength = 0;

  private ensure(bits: number) {
    const needed = Math.ceil((this.bitLength + bits) / 8);
    if (needed <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(needed, this.bytes.length * 2));
    grown.set(this.bytes);
    this.bytes = grown;
  }

  /** Writes the low `count` (0..32) bits of `value`, most significant first. */
  write(value: number, count: number) {
    if (count === 0) return;
    this.ensure(count);
    let left = count;
    // A byte's worth at a time: the free bits of the current byte, then whole bytes.
    while (left > 0) {
      const free = 8 - (this.bitLength & 7);
      const take = Math.min(free, left);
      const bits = (value >>> (left - take)) & ((1 << take) - 1);
      this.bytes[this.bitLength >>> 3]! |= bits << (free - take);
      this.bitLength += take;
      left -= take;
    }
  }

  /** Writes a non-negative integer below 2^53 in `count` (up to 53) bits. */
  writeLarge(value: number, count: number) {
    if (count > 32) {
      this.write(Math.floor(value / TWO_32), count - 32);
      this.write(value >>> 0, 32);
    } else this.write(value, count);
  }

  finish(): Uint8Array {
    return this.bytes.slice(0, Math.ceil(this.bitLength / 8));
  }
}

class BitReader {
  private position = 0;
  constructor(private readonly bytes: Uint8Array) {}

  read(count: number): number {
    let value = 0;
    let left = count;
    while (left > 0) {
      const byte = this.bytes[this.position >>> 3];
      if (byte === undefined) throw new Error('chunk is truncated');
      const available = 8 - (this.position & 7);
      const take = Math.min(available, left);
      const bits = (byte >>> (available - take)) & ((1 << take) - 1);
      // Multiplication, not <<: a 32-bit read must not turn negative.
      value = value * (1 << take) + bits;
      this.position += take;
      left -= take;
    }
    return value;
  }

  readLarge(count: number): number {
    if (count > 32) {
      const high = this.read(count - 32);
      return high * TWO_32 + this.read(32);
    }
    return this.read(count);
  }
}

// Zigzag over the safe-integer range: small magnitudes of either sign get small codes.
const zigzag = (n: number) => (n >= 0 ? n * 2 : -n * 2 - 1);
const unzigzag = (z: number) => (z % 2 === 0 ? z / 2 : -(z + 1) / 2);

const bitLength = (z: number): number =>
  z === 0 ? 0 : z >= TWO_32 ? 32 + bitLength(Math.floor(z / TWO_32)) : 32 - Math.clz32(z);

const gcd = (a: number, b: number): number => {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
};

/** A non-negative safe integer as its bit length and its bits. */
function writeSize(out: BitWriter, n: number) {
  const length = bitLength(n);
  out.write(length, LENGTH_BITS);
  out.writeLarge(n, length);
}

const readSize = (input: BitReader) => input.readLarge(input.read(LENGTH_BITS));

/**
 * A sequence of safe integers (timestamps' deltas-of-deltas, decimals' deltas), sized to the
 * chunk rather than with fixed buckets: the median is taken off (a counter's steady rate, a
 * regular interval), their greatest common divisor is factored out (memory and disk readings
 * move by pages and sectors), then each zigzag code takes a width chosen for the whole sequence,
 * with an escape (its own length) for the few that do not fit. A sequence where every code fits
 * spends no escape bit, so a constant one costs nothing per value.
 */
function writeInts(out: BitWriter, ints: readonly number[]) {
  const base = ints.length === 0 ? 0 : [...ints].sort((a, b) => a - b)[ints.length >> 1]!;
  let divisor = 0;
  for (const n of ints) divisor = gcd(Math.abs(n - base), divisor);
  if (divisor === 0) divisor = 1;
  const codes = ints.map((n) => zigzag((n - base) / divisor));
  const counts = new Array<number>(CODE_BITS + 1).fill(0);
  for (const z of codes) counts[bitLength(z)]!++;
  // Cost of width w: codes up to w bits take 1 + w, longer ones 1 + 6 + their length.
  let best = { width: CODE_BITS, escapes: false, bits: Infinity };
  let fitting = 0;
  let longerBits = codes.reduce((total, z) => total + bitLength(z), 0);
  let longer = codes.length;
  for (let width = 0; width <= CODE_BITS; width++) {
    fitting += counts[width]!;
    longer -= counts[width]!;
    longerBits -= width * counts[width]!;
    const bits =
      longer === 0
        ? fitting * width
        : codes.length + fitting * width + longer * LENGTH_BITS + longerBits;
    if (bits < best.bits) best = { width, escapes: longer > 0, bits };
  }
  writeSize(out, zigzag(base));
  writeSize(out, divisor);
  out.write(best.width, LENGTH_BITS);
  out.write(best.escapes ? 1 : 0, 1);
  for (const z of codes) {
    const length = bitLength(z);
    if (!best.escapes) out.writeLarge(z, best.width);
    else if (length <= best.width) {
      out.write(0, 1);
      out.writeLarge(z, best.width);
    } else {
      out.write(1, 1);
      out.write(length, LENGTH_BITS);
      out.writeLarge(z, length);
    }
  }
}

function readInts(input: BitReader, count: number): number[] {
  const base = unzigzag(readSize(input));
  const divisor = readSize(input);
  const width = input.read(LENGTH_BITS);
  const escapes = input.read(1) === 1;
  const ints = new Array<number>(count);
  for (let i = 0; i < count; i++) {
    const z =
      escapes && input.read(1) === 1
        ? input.readLarge(input.read(LENGTH_BITS))
        : input.readLarge(width);
    ints[i] = base + unzigzag(z) * divisor;
  }
  return ints;
}

/** Zigzag codes are below 2^54: deltas of values below 2^51, deltas-of-deltas of times below 2^44. */
const CODE_BITS = 54;
const LENGTH_BITS = 6;
const TIME_BITS = 44;
const MAX_DECIMALS = 9;
const MAX_SCALED = 2 ** 51;

const VALUE_XOR = 0;
const VALUE_DECIMAL = 1;

/**
 * The number of decimals (0..9) that represents every value exactly, with every scaled value a
 * safe integer; null when there is none (NaN, infinities, -0, long fractions).
 */
export function decimalExponent(values: readonly number[]): number | null {
  const fits = (value: number, scale: number) => {
    const scaled = Math.round(value * scale);
    // Below 2^51 so that a delta and its zigzag code stay safe integers.
    return Math.abs(scaled) < MAX_SCALED && scaled / scale === value;
  };
  let exponent = 0;
  for (const value of values) {
    if (!Number.isFinite(value) || Object.is(value, -0)) return null;
    while (exponent <= MAX_DECIMALS && !fits(value, 10 ** exponent)) exponent++;
    if (exponent > MAX_DECIMALS) return null;
  }
  // A later value may have raised the exponent past what an earlier one fits in.
  const scale = 10 ** exponent;
  return values.every((value) => fits(value, scale)) ? exponent : null;
}

function writeDecimal(out: BitWriter, values: readonly number[], exponent: number) {
  const scale = 10 ** exponent;
  out.write(exponent, 4);
  if (values.length === 0) return;
  const scaled = values.map((value) => Math.round(value * scale));
  writeSize(out, zigzag(scaled[0]!));
  writeInts(
    out,
    scaled.slice(1).map((value, i) => value - scaled[i]!),
  );
}

function readDecimal(input: BitReader, count: number): number[] {
  const scale = 10 ** input.read(4);
  if (count === 0) return [];
  let previous = unzigzag(readSize(input));
  const deltas = readInts(input, count - 1);
  const values = new Array<number>(count);
  values[0] = previous / scale;
  for (let i = 1; i < count; i++) {
    previous += deltas[i - 1]!;
    values[i] = previous / scale;
  }
  return values;
}

const clz64 = (high: number, low: number) => (high !== 0 ? Math.clz32(high) : 32 + Math.clz32(low));
const ctz32 = (n: number) => (n === 0 ? 32 : 31 - Math.clz32(n & -n));
const ctz64 = (high: number, low: number) => (low !== 0 ? ctz32(low) : 32 + ctz32(high));

/** The `length` bits of (high, low) that end `trailing` bits from the right, as up to two words. */
function writeBits64(out: BitWriter, high: number, low: number, trailing: number, length: number) {
  // Shift right by `trailing` over 64 bits.
  let h = high >>> 0;
  let l = low >>> 0;
  if (trailing >= 32) {
    l = h >>> (trailing - 32);
    h = 0;
  } else if (trailing > 0) {
    l = ((l >>> trailing) | (h << (32 - trailing))) >>> 0;
    h = h >>> trailing;
  }
  if (length > 32) {
    out.write(h, length - 32);
    out.write(l, 32);
  } else out.write(l, length);
}

function readBits64(input: BitReader, trailing: number, length: number): [number, number] {
  let h = 0;
  let l: number;
  if (length > 32) {
    h = input.read(length - 32);
    l = input.read(32);
  } else l = input.read(length);
  // Shift left by `trailing` over 64 bits.
  if (trailing >= 32) {
    h = trailing === 32 ? l : (l << (trailing - 32)) >>> 0;
    l = 0;
  } else if (trailing > 0) {
    h = ((h << trailing) | (l >>> (32 - trailing))) >>> 0;
    l = (l << trailing) >>> 0;
  }
  return [h >>> 0, l >>> 0];
}

function writeXor(out: BitWriter, values: readonly number[]) {
  const view = new DataView(new ArrayBuffer(8));
  let prevHigh = 0;
  let prevLow = 0;
  let prevLeading = -1;
  let prevTrailing = 0;
  values.forEach((value, index) => {
    view.setFloat64(0, value);
    const high = view.getUint32(0);
    const low = view.getUint32(4);
    if (index === 0) {
      out.write(high, 32);
      out.write(low, 32);
    } else {
      const xh = (high ^ prevHigh) >>> 0;
      const xl = (low ^ prevLow) >>> 0;
      if (xh === 0 && xl === 0) out.write(0, 1);
      else {
        const leading = Math.min(clz64(xh, xl), 31);
        const trailing = ctz64(xh, xl);
        if (prevLeading >= 0 && leading >= prevLeading && trailing >= prevTrailing) {
          // Inside the previous window: only its bits.
          out.write(0b10, 2);
          writeBits64(out, xh, xl, prevTrailing, 64 - prevLeading - prevTrailing);
        } else {
          const length = 64 - leading - trailing;
          out.write(0b11, 2);
          out.write(leading, 5);
          out.write(length - 1, 6);
          writeBits64(out, xh, xl, trailing, length);
          prevLeading = leading;
          prevTrailing = trailing;
        }
      }
    }
    prevHigh = high;
    prevLow = low;
  });
}

function readXor(input: BitReader, count: number): number[] {
  const view = new DataView(new ArrayBuffer(8));
  const values = new Array<number>(count);
  let high = 0;
  let low = 0;
  let leading = 0;
  let trailing = 0;
  for (let i = 0; i < count; i++) {
    if (i === 0) {
      high = input.read(32);
      low = input.read(32);
    } else if (input.read(1) === 1) {
      if (input.read(1) === 1) {
        leading = input.read(5);
        const length = input.read(6) + 1;
        trailing = 64 - leading - length;
      }
      const [xh, xl] = readBits64(input, trailing, 64 - leading - trailing);
      high = (high ^ xh) >>> 0;
      low = (low ^ xl) >>> 0;
    }
    view.setUint32(0, high);
    view.setUint32(4, low);
    values[i] = view.getFloat64(0);
  }
  return values;
}

export interface Columns {
  timestamps: number[];
  /** Value columns, each as long as `timestamps`. */
  columns: number[][];
}

/**
 * Encodes timestamps (non-decreasing safe integers ≥ 0, below 2^44 ms: the year 2527) and value
 * columns into one chunk.
 */
export function encodeChunk({ timestamps, columns }: Columns): Uint8Array {
  const out = new BitWriter();
  const count = timestamps.length;
  writeSize(out, count);
  out.write(columns.length, 4);
  for (const timestamp of timestamps) {
    if (!Number.isSafeInteger(timestamp) || timestamp < 0 || timestamp >= 2 ** TIME_BITS) {
      throw new Error(`timestamp ${timestamp} cannot be stored`);
    }
  }
  if (count > 0) {
    out.writeLarge(timestamps[0]!, TIME_BITS);
    const first = count > 1 ? timestamps[1]! - timestamps[0]! : 0;
    writeSize(out, first);
    const dods: number[] = [];
    for (let i = 2; i < count; i++)
      dods.push(timestamps[i]! - timestamps[i - 1]! - (timestamps[i - 1]! - timestamps[i - 2]!));
    writeInts(out, dods);
  }
  for (const column of columns) {
    if (column.length !== count) throw new Error('every column must be as long as timestamps');
    const exponent = decimalExponent(column);
    if (exponent === null) {
      out.write(VALUE_XOR, 1);
      writeXor(out, column);
    } else {
      out.write(VALUE_DECIMAL, 1);
      writeDecimal(out, column, exponent);
    }
  }
  return out.finish();
}

export function decodeChunk(bytes: Uint8Array): Columns {
  const input = new BitReader(bytes);
  const count = readSize(input);
  const columnCount = input.read(4);
  const timestamps = new Array<number>(count);
  if (count > 0) {
    timestamps[0] = input.readLarge(TIME_BITS);
    let delta = readSize(input);
    const dods = readInts(input, Math.max(0, count - 2));
    if (count > 1) timestamps[1] = timestamps[0] + delta;
    for (let i = 2; i < count; i++) {
      delta += dods[i - 2]!;
      timestamps[i] = timestamps[i - 1]! + delta;
    }
  }
  const columns: number[][] = [];
  for (let c = 0; c < columnCount; c++) {
    columns.push(
      input.read(1) === VALUE_DECIMAL ? readDecimal(input, count) : readXor(input, count),
    );
  }
  return { timestamps, columns };
}
