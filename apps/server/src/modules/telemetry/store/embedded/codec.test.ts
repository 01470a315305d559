import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalExponent, decodeChunk, encodeChunk } from './codec.js';

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const sameDoubles = (actual: number[], expected: number[]) =>
  actual.length === expected.length && actual.every((value, i) => Object.is(value, expected[i]));

describe('chunk codec', () => {
  it('gives back exactly the timestamps and doubles it encoded', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 ** 44 - 1 }), { minLength: 0, maxLength: 300 }),
        fc.array(fc.double(), { maxLength: 300 }),
        (times, doubles) => {
          const timestamps = sorted(times);
          const values = timestamps.map((_, i) => doubles[i % Math.max(1, doubles.length)] ?? 0);
          const decoded = decodeChunk(encodeChunk({ timestamps, columns: [values] }));
          expect(decoded.timestamps).toEqual(timestamps);
          expect(sameDoubles(decoded.columns[0]!, values)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives back decimal readings and several columns exactly', () => {
    const reading = fc.oneof(
      fc.integer({ min: -1e12, max: 1e12 }),
      fc.integer({ min: -1e6, max: 1e6 }).map((n) => n / 100),
      fc.integer({ min: 0, max: 10_000 }).map((n) => n / 10_000),
      fc.constant(0),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 43 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 100_000 }), reading, reading), {
          maxLength: 200,
        }),
        (start, rows) => {
          let t = start;
          const timestamps = rows.map(([step]) => (t += step));
          const columns = [rows.map(([, a]) => a), rows.map(([, , b]) => b)];
          const decoded = decodeChunk(encodeChunk({ timestamps, columns }));
          expect(decoded.timestamps).toEqual(timestamps);
          expect(sameDoubles(decoded.columns[0]!, columns[0]!)).toBe(true);
          expect(sameDoubles(decoded.columns[1]!, columns[1]!)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('spends about a bit per regular timestamp and a few bits per slowly changing reading', () => {
    const timestamps = Array.from({ length: 240 }, (_, i) => 1_790_000_000_000 + i * 15_000);
    const values = timestamps.map((_, i) => 40 + (i % 7) / 10);
    const bytes = encodeChunk({ timestamps, columns: [values] }).length;
    expect(bytes / timestamps.length).toBeLessThan(2);
  });

  it('gives back readings that move by a common step, with outliers, exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.array(fc.oneof(fc.integer({ min: -300, max: 300 }), fc.integer()), { maxLength: 300 }),
        (step, moves) => {
          let value = 8e9;
          const values = moves.map((move) => (value += move * step));
          const timestamps = values.map((_, i) => 1_790_000_000_000 + i * 15_000);
          const decoded = decodeChunk(encodeChunk({ timestamps, columns: [values] }));
          expect(decoded.columns[0]).toEqual(values);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('spends almost nothing per sample on a constant reading at a regular interval', () => {
    const timestamps = Array.from({ length: 240 }, (_, i) => 1_790_000_000_000 + i * 15_000);
    const constant = encodeChunk({ timestamps, columns: [timestamps.map(() => 16e9)] });
    expect(constant.length).toBeLessThan(24);
    // A counter's steady rate and memory moving by whole pages pack as small numbers.
    const uptime = encodeChunk({ timestamps, columns: [timestamps.map((t) => t / 1000)] });
    expect(uptime.length).toBeLessThan(24);
    const pages = encodeChunk({
      timestamps,
      columns: [timestamps.map((_, i) => 8e9 + ((i * 37) % 200) * 4096)],
    });
    expect(pages.length / timestamps.length).toBeLessThan(1.2);
  });

  it('finds the fewest decimals that represent every value', () => {
    expect(decimalExponent([1, 2, 3])).toBe(0);
    expect(decimalExponent([0.1234, 12.5])).toBe(4);
    expect(decimalExponent([Math.PI])).toBeNull();
    expect(decimalExponent([Number.NaN])).toBeNull();
    expect(decimalExponent([-0])).toBeNull();
  });
});
