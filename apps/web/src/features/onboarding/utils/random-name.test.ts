import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NAME_NUMBER_MAX, NAME_NUMBER_MIN, randomServerName } from './random-name';
import { ADJECTIVES, NOUNS } from './words';

describe('the word lists', () => {
  it('hold about 90 adjectives and about 110 nouns, distinct, lower-case letters only', () => {
    expect(ADJECTIVES.length).toBeGreaterThanOrEqual(85);
    expect(ADJECTIVES.length).toBeLessThanOrEqual(95);
    expect(NOUNS.length).toBeGreaterThanOrEqual(105);
    expect(NOUNS.length).toBeLessThanOrEqual(115);
    for (const list of [ADJECTIVES, NOUNS]) {
      expect(new Set(list).size).toBe(list.length);
      for (const word of list) expect(word).toMatch(/^[a-z]+$/);
    }
  });
});

describe('randomServerName', () => {
  it('is an adjective, a noun and a number from 1 to 100, joined by hyphens', () => {
    fc.assert(
      fc.property(
        fc.infiniteStream(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })),
        (stream) => {
          const iterator = stream[Symbol.iterator]();
          const name = randomServerName(() => iterator.next().value as number);
          const [adjective, noun, number, ...rest] = name.split('-');
          expect(rest).toEqual([]);
          expect(ADJECTIVES).toContain(adjective);
          expect(NOUNS).toContain(noun);
          expect(String(Number(number))).toBe(number);
          expect(Number(number)).toBeGreaterThanOrEqual(NAME_NUMBER_MIN);
          expect(Number(number)).toBeLessThanOrEqual(NAME_NUMBER_MAX);
        },
      ),
    );
  });

  it('reaches both ends of every range', () => {
    expect(randomServerName(() => 0)).toBe(`${ADJECTIVES[0]}-${NOUNS[0]}-1`);
    expect(randomServerName(() => 0.999_999_999)).toBe(`${ADJECTIVES.at(-1)}-${NOUNS.at(-1)}-100`);
  });
});
