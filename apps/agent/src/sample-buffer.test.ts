import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SampleBuffer } from './sample-buffer.js';

describe('SampleBuffer', () => {
  it('keeps the newest items in order, never more than its capacity, and counts the dropped', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.nat(), { maxLength: 80 }),
        (capacity, items) => {
          const buffer = new SampleBuffer<number>(capacity);
          items.forEach((item) => buffer.push(item));
          expect(buffer.size).toBe(Math.min(capacity, items.length));
          expect(buffer.peek(capacity)).toEqual(items.slice(-capacity));
          expect(buffer.dropped).toBe(Math.max(0, items.length - capacity));
        },
      ),
    );
  });

  it('removes from the oldest end', () => {
    const buffer = new SampleBuffer<string>(5);
    ['a', 'b', 'c'].forEach((item) => buffer.push(item));
    expect(buffer.peek(2)).toEqual(['a', 'b']);
    buffer.remove(2);
    expect(buffer.peek(5)).toEqual(['c']);
  });

  it('refuses a capacity below one', () => {
    expect(() => new SampleBuffer(0)).toThrow();
  });
});
