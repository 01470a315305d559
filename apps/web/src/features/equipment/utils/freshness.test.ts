import { describe, expect, it } from 'vitest';
import { ageText, freshness } from './freshness';

describe('freshness', () => {
  const seen = '2026-11-23T10:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('says how old the values are, on the server clock', () => {
    expect(freshness(seen, at('2026-11-23T10:00:04.200Z'), 0, 6000)).toEqual({
      text: 'updated 4 s ago',
      stale: false,
    });
    // The browser is 1 h behind the server: its clock does not matter.
    expect(freshness(seen, at('2026-11-23T09:00:03.000Z'), 3_600_000, 6000).text).toBe(
      'updated 3 s ago',
    );
  });

  it('turns stale after three missed polls, and before the first reading', () => {
    expect(freshness(seen, at('2026-11-23T10:00:07.000Z'), 0, 6000).stale).toBe(true);
    expect(freshness(null, 0, 0, 6000)).toEqual({ text: 'never read', stale: true });
  });

  it('switches to minutes, hours and days', () => {
    expect(ageText(-5)).toBe('0 s');
    expect(ageText(120_000)).toBe('2 min');
    expect(ageText(3 * 3_600_000)).toBe('3 h');
    expect(ageText(3 * 86_400_000)).toBe('3 days');
  });
});
