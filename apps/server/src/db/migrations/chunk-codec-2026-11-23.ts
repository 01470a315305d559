/**
 * The decoder of the embedded metrics store's first chunk format (migrations 0301 and 0302,
 * replaced by 2026-11-24-0301): fixed variable-length buckets for deltas. Kept here, frozen,
 * for the migrations that read chunks written in it.
 */

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

  /** Counts 1 bits before the next 0, up to `max` (the 0 is consumed when seen). */
  readPrefix(max: number): number {
    let ones = 0;
    while (ones < max && this.read(1) === 1) ones++;
    return ones;
  }
}

const unzigzag = (z: number) => (z % 2 === 0 ? z / 2 : -(z + 1) / 2);

function readBucketed(input: BitReader, widths: readonly number[]): number {
  const bucket = input.readPrefix(widths.length - 1);
  return unzigzag(input.readLarge(widths[bucket]!));
}

const TIME_WIDTHS = [0, 6, 10, 16, 24, 54] as const;
const INT_WIDTHS = [0, 7, 14, 22, 32, 54] as const;
const TIME_BITS = 44;
const VALUE_DECIMAL = 1;
const TWO_32 = 2 ** 32;

function readDecimal(input: BitReader, count: number): number[] {
  const scale = 10 ** input.read(4);
  const values = new Array<number>(count);
  let previous = 0;
  for (let i = 0; i < count; i++) {
    previous += readBucketed(input, INT_WIDTHS);
    values[i] = previous / scale;
  }
  return values;
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

export function decodeFirstFormatChunk(bytes: Uint8Array): {
  timestamps: number[];
  columns: number[][];
} {
  const input = new BitReader(bytes);
  const count = input.readLarge(32);
  const columnCount = input.read(4);
  const timestamps = new Array<number>(count);
  let previous = 0;
  let previousDelta = 0;
  for (let i = 0; i < count; i++) {
    if (i === 0) previous = input.readLarge(TIME_BITS);
    else {
      previousDelta += readBucketed(input, TIME_WIDTHS);
      previous += previousDelta;
    }
    timestamps[i] = previous;
  }
  const columns: number[][] = [];
  for (let c = 0; c < columnCount; c++) {
    columns.push(
      input.read(1) === VALUE_DECIMAL ? readDecimal(input, count) : readXor(input, count),
    );
  }
  return { timestamps, columns };
}
