import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_POLICY,
  PAIR_POLICY,
  afterFailure,
  secondsBlocked,
  withoutReservedFailure,
  type ThrottleState,
} from './login-throttle.js';

const failTimes = (count: number, start = 0, step = 1000) => {
  let state: ThrottleState | undefined;
  for (let index = 0; index < count; index += 1) {
    state = afterFailure(state, start + index * step, PAIR_POLICY);
  }
  return state;
};

describe('login throttling', () => {
  it('lets the first failures through and blocks from the fifth on', () => {
    expect(secondsBlocked(failTimes(4), 3000)).toBe(0);
    const fifth = failTimes(5);
    expect(secondsBlocked(fifth, 4000)).toBe(PAIR_POLICY.baseDelaySeconds);
    expect(secondsBlocked(failTimes(6), 5000)).toBe(PAIR_POLICY.baseDelaySeconds * 2);
  });

  it('forgets failures older than the window', () => {
    const old = failTimes(10);
    const later = afterFailure(old, 10_000 + PAIR_POLICY.forgetAfterSeconds * 1000, PAIR_POLICY);
    expect(later.failures).toBe(1);
    expect(secondsBlocked(later, later.lastFailureAt)).toBe(0);
  });

  it('never blocks longer than the maximum, and never less as failures grow', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), (count) => {
        const state = failTimes(count, 0, 10);
        const previous = failTimes(count - 1, 0, 10);
        const now = state!.lastFailureAt;
        const wait = secondsBlocked(state, now);
        expect(wait).toBeLessThanOrEqual(PAIR_POLICY.maxDelaySeconds);
        if (previous) {
          const previousDelay = previous.blockedUntil - previous.lastFailureAt;
          expect(state!.blockedUntil - now).toBeGreaterThanOrEqual(previousDelay);
        }
      }),
    );
  });

  it('takes back the failure reserved for a right password: sign-ins alone never block', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 60 }),
        (failures, signIns) => {
          let state = failTimes(failures, 0, 10);
          const before = state?.failures ?? 0;
          let now = failures * 10;
          for (let index = 0; index < signIns; index += 1) {
            now += 10;
            state = withoutReservedFailure(
              afterFailure(state, now, ADDRESS_POLICY),
              ADDRESS_POLICY,
            );
          }
          expect(state!.failures).toBe(before);
          if (before < ADDRESS_POLICY.freeFailures) expect(secondsBlocked(state, now)).toBe(0);
        },
      ),
    );
  });
});
