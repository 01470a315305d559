import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HYSTERESIS, decide, type Candidate, type Standing } from './hysteresis.js';

const MINUTE = 60_000;
const RUN_MS = 5 * MINUTE;

const standing = (over: Partial<Standing> = {}): Standing => ({
  kind: 'proposal',
  setpoints: { valveSetpoint: 2500, deltaTSetpointK: 17 },
  sinceMs: 0,
  feasibleNow: true,
  savingNowPercent: 12,
  ...over,
});

const candidate = (over: Partial<Candidate> = {}): Candidate => ({
  setpoints: { valveSetpoint: 2000, deltaTSetpointK: 18 },
  savingPercent: 15,
  ...over,
});

describe('decide', () => {
  const afterHold = HYSTERESIS.holdMs;

  it('proposes when nothing stands, and does nothing without a candidate', () => {
    expect(decide(null, candidate(), 0)).toEqual({ action: 'propose' });
    expect(decide(null, null, 0)).toEqual({ action: 'none' });
  });

  it('keeps the standing recommendation through its hold, however much better the candidate', () => {
    expect(decide(standing(), candidate({ savingPercent: 40 }), afterHold - 1)).toEqual({
      action: 'keep',
      reason: 'hold',
    });
  });

  it('replaces an unsafe one at once, hold or not, or withdraws it when nothing is safe', () => {
    const unsafe = standing({ feasibleNow: false });
    expect(decide(unsafe, candidate(), 1)).toEqual({ action: 'replace', reason: 'unsafe' });
    expect(decide(unsafe, null, 1)).toEqual({ action: 'withdraw', reason: 'unsafe' });
    expect(decide({ ...unsafe, kind: 'inForce' }, null, 1)).toEqual({ action: 'none' });
  });

  it('after the hold, replaces only a clearly better and clearly different candidate', () => {
    expect(decide(standing(), candidate(), afterHold)).toEqual({
      action: 'replace',
      reason: 'better',
    });
    // Saves more, but only 1.9 points.
    expect(decide(standing(), candidate({ savingPercent: 13.9 }), afterHold)).toMatchObject({
      action: 'keep',
    });
    // Saves much more with a setpoint change below the minimum in both.
    const near = { valveSetpoint: 2650, deltaTSetpointK: 17.4 };
    expect(
      decide(standing(), candidate({ setpoints: near, savingPercent: 30 }), afterHold),
    ).toMatchObject({ action: 'keep' });
    // The ΔT alone moving by the minimum is a clear change.
    const warmer = { valveSetpoint: 2500, deltaTSetpointK: 17.5 };
    expect(decide(standing(), candidate({ setpoints: warmer }), afterHold)).toMatchObject({
      action: 'replace',
    });
  });

  it('withdraws or replaces a proposal that no longer saves enough once its hold is over', () => {
    const spent = standing({ savingNowPercent: 0.5 });
    expect(decide(spent, null, afterHold - 1)).toMatchObject({ action: 'keep' });
    expect(decide(spent, null, afterHold)).toEqual({ action: 'withdraw', reason: 'noSaving' });
    expect(decide(spent, candidate({ savingPercent: 2 }), afterHold)).toEqual({
      action: 'replace',
      reason: 'noSaving',
    });
    // The setpoints in force are never withdrawn.
    expect(
      decide(standing({ kind: 'inForce', savingNowPercent: 0 }), null, afterHold),
    ).toMatchObject({ action: 'keep' });
  });
});

/**
 * The loop as the service runs it, on a synthetic unit: every 5 minutes the twin's candidate is
 * weighed against what stands; a proposal that is kept goes on standing. Answers the
 * recommendations made (the setpoints of each proposal, in order).
 */
function run(
  runs: { candidate: Candidate | null; savingOf: (s: Standing['setpoints']) => number }[],
) {
  let current: Standing | null = null;
  const made: Standing['setpoints'][] = [];
  runs.forEach((step, i) => {
    const nowMs = i * RUN_MS;
    const standingNow: Standing | null = current && {
      ...current,
      savingNowPercent: step.savingOf(current.setpoints),
    };
    const decision = decide(standingNow, step.candidate, nowMs);
    if (decision.action === 'propose' || decision.action === 'replace') {
      current = { ...standing(), setpoints: step.candidate!.setpoints, sinceMs: nowMs };
      made.push(step.candidate!.setpoints);
    } else if (decision.action === 'withdraw') current = null;
  });
  return made;
}

describe('hysteresis on a noisy load', () => {
  const noise = (amplitude: number) => fc.double({ min: -amplitude, max: amplitude, noNaN: true });

  it('a load that only wobbles gets one recommendation, however its optimum wanders', () => {
    const runs = 12 * 24; // a day of 5-minute runs
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            valve: noise(1500),
            deltaT: noise(3),
            saving: noise(HYSTERESIS.minGainPercent / 2 - 0.01),
            standingSaving: noise(HYSTERESIS.minGainPercent / 2 - 0.01),
          }),
          { minLength: runs, maxLength: runs },
        ),
        (wobbles) => {
          const made = run(
            wobbles.map((w) => ({
              candidate: {
                setpoints: {
                  valveSetpoint: Math.round(2500 + w.valve),
                  deltaTSetpointK: Math.round((17 + w.deltaT) * 10) / 10,
                },
                savingPercent: 12 + w.saving,
              },
              savingOf: () => 12 + w.standingSaving,
            })),
          );
          expect(made).toHaveLength(1);
        },
      ),
    );
  });

  it('whatever the load does, a safe recommendation changes at most once per hold', () => {
    const runs = 12 * 6;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            present: fc.boolean(),
            valve: fc.integer({ min: 0, max: 10_000 }),
            deltaT: fc.integer({ min: 10, max: 550 }),
            saving: fc.double({ min: -5, max: 40, noNaN: true }),
            standingSaving: fc.double({ min: -5, max: 40, noNaN: true }),
          }),
          { minLength: runs, maxLength: runs },
        ),
        (steps) => {
          const made = run(
            steps.map((s) => ({
              candidate: s.present
                ? {
                    setpoints: { valveSetpoint: s.valve, deltaTSetpointK: s.deltaT / 10 },
                    savingPercent: s.saving,
                  }
                : null,
              savingOf: () => s.standingSaving,
            })),
          );
          // The first, then one per full hold at most (a withdrawal waits for the hold too).
          expect(made.length).toBeLessThanOrEqual(
            1 + Math.floor(((runs - 1) * RUN_MS) / HYSTERESIS.holdMs),
          );
        },
      ),
    );
  });
});
