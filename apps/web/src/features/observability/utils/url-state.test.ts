import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_PRESET, PRESETS } from './time-range';
import { DEFAULT_REFRESH, REFRESH_CHOICES, parseViewState, writeViewState } from './url-state';

const parse = (query: string) => parseViewState(new URLSearchParams(query));

describe('view state in the URL', () => {
  it('defaults to the last 24 hours and leaves the defaults out of the address', () => {
    const state = parse('');
    expect(state).toEqual({
      range: { kind: 'preset', preset: DEFAULT_PRESET },
      refresh: DEFAULT_REFRESH,
    });
    expect(writeViewState(new URLSearchParams(), state).toString()).toBe('');
  });

  it('reads presets, fixed windows and refresh', () => {
    expect(parse('range=7d&refresh=10s')).toEqual({
      range: { kind: 'preset', preset: '7d' },
      refresh: '10s',
    });
    expect(parse('from=1000000&to=4600000').range).toEqual({
      kind: 'fixed',
      fromMs: 1_000_000,
      toMs: 4_600_000,
    });
  });

  it('falls back to the defaults for anything unreadable', () => {
    expect(parse('range=3w&refresh=fast&from=x&to=1')).toEqual(parse(''));
  });

  it('keeps other parameters', () => {
    const params = writeViewState(new URLSearchParams('group=rack'), parse('range=1h'));
    expect(params.get('group')).toBe('rack');
    expect(params.get('range')).toBe('1h');
  });

  it('round-trips every state', () => {
    const range = fc.oneof(
      fc.constantFrom(...PRESETS.map((p) => ({ kind: 'preset' as const, preset: p.id }))),
      fc
        .tuple(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 60_000, max: 86_400_000 }))
        .map(([fromMs, width]) => ({ kind: 'fixed' as const, fromMs, toMs: fromMs + width })),
    );
    const refresh = fc.constantFrom(...REFRESH_CHOICES.map((c) => c.id));
    fc.assert(
      fc.property(range, refresh, (r, f) => {
        const state = { range: r, refresh: f };
        expect(parseViewState(writeViewState(new URLSearchParams(), state))).toEqual(state);
      }),
    );
  });
});
