import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AlertTransition, Condition } from '@brezza/contract';
import { INITIAL_STATE, breaches, step, type SeriesState, type StepRule } from './evaluate.js';

/** A series of samples through one rule: the transitions out, in order. */
function run(rule: StepRule, samples: { atMs: number; value: number }[], start = INITIAL_STATE) {
  let state: SeriesState = start;
  const transitions: { transition: AlertTransition; atMs: number }[] = [];
  const states: SeriesState[] = [];
  for (const sample of samples) {
    const active = state.state === 'pending' || state.state === 'firing';
    const result = step(rule, state, {
      atMs: sample.atMs,
      breach: breaches(rule.condition, sample.value, active),
      value: String(sample.value),
    });
    state = result.next;
    if (result.transition) transitions.push({ transition: result.transition, atMs: sample.atMs });
    states.push(state);
  }
  return { state, transitions, states };
}

/** Samples 0.5 to 10 s apart with values around a threshold of 50. */
const samplesArb = fc
  .array(fc.tuple(fc.integer({ min: 500, max: 10_000 }), fc.integer({ min: 0, max: 100 })), {
    maxLength: 60,
  })
  .map((steps) => {
    let t = 1_000_000;
    return steps.map(([gap, value]) => ({ atMs: (t += gap), value }));
  });

const above = (clear?: number): Condition =>
  clear === undefined ? { kind: 'above', threshold: 50 } : { kind: 'above', threshold: 50, clear };

describe('rule evaluation', () => {
  it('without a pending duration or hysteresis, fires exactly while the value breaches', () => {
    fc.assert(
      fc.property(samplesArb, (samples) => {
        const { states } = run({ condition: above(), forSeconds: 0 }, samples);
        states.forEach((state, i) => expect(state.state === 'firing').toBe(samples[i]!.value > 50));
      }),
    );
  });

  it('alternates firing and resolved, and a resolve only follows a firing', () => {
    fc.assert(
      fc.property(
        samplesArb,
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 20, max: 50 }),
        (samples, forSeconds, clear) => {
          const { transitions } = run({ condition: above(clear), forSeconds }, samples);
          const notified = transitions
            .map((t) => t.transition)
            .filter((t) => t === 'firing' || t === 'resolved');
          notified.forEach((t, i) => expect(t).toBe(i % 2 === 0 ? 'firing' : 'resolved'));
        },
      ),
    );
  });

  it('fires only after the condition held for the pending duration', () => {
    fc.assert(
      fc.property(samplesArb, fc.integer({ min: 1, max: 30 }), (samples, forSeconds) => {
        const { transitions } = run({ condition: above(), forSeconds }, samples);
        for (const [i, t] of transitions.entries()) {
          if (t.transition !== 'firing') continue;
          const pending = transitions[i - 1];
          expect(pending?.transition).toBe('pending');
          expect(t.atMs - pending!.atMs).toBeGreaterThanOrEqual(forSeconds * 1000);
          // Every sample from the pending one to the firing one breached.
          for (const s of samples.filter((s) => s.atMs >= pending!.atMs && s.atMs <= t.atMs))
            expect(s.value).toBeGreaterThan(50);
        }
      }),
    );
  });

  it('never moves on a value between the clear threshold and the threshold', () => {
    fc.assert(
      fc.property(samplesArb, fc.integer({ min: 10, max: 49 }), (samples, clear) => {
        const { transitions } = run({ condition: above(clear), forSeconds: 0 }, samples);
        for (const t of transitions) {
          const value = samples.find((s) => s.atMs === t.atMs)!.value;
          expect(value > clear && value <= 50).toBe(false);
        }
      }),
    );
  });

  it('ignores a repeated or older observation (two instances, redelivery)', () => {
    fc.assert(
      fc.property(samplesArb, fc.integer({ min: 0, max: 20 }), (samples, forSeconds) => {
        const rule = { condition: above(), forSeconds };
        const once = run(rule, samples);
        const doubled = run(
          rule,
          samples.flatMap((s) => [s, s]),
        );
        expect(doubled.transitions).toEqual(once.transitions);
        expect(run(rule, [...samples].reverse().slice(1), once.state).transitions).toEqual([]);
      }),
    );
  });

  it('reads states and flags the way units report them', () => {
    expect(breaches({ kind: 'equals', state: 'ERROR' }, 'ERROR', false)).toBe(true);
    expect(breaches({ kind: 'equals', state: 'ERROR' }, 'OK', false)).toBe(false);
    expect(breaches({ kind: 'equals', state: 'true' }, 1, false)).toBe(true);
    expect(breaches({ kind: 'equals', state: 'true' }, true, false)).toBe(true);
    expect(breaches({ kind: 'equals', state: 'true' }, 0, false)).toBe(false);
    const outside: Condition = { kind: 'outside', low: 15, high: 30, hysteresis: 1 };
    expect(breaches(outside, 14.9, false)).toBe(true);
    expect(breaches(outside, 15.5, false)).toBe(false);
    expect(breaches(outside, 15.5, true)).toBe(true);
    expect(breaches(outside, 16.5, true)).toBe(false);
  });
});
