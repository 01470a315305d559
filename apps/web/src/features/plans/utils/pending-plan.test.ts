import { beforeEach, describe, expect, it } from 'vitest';
import { forgetPendingPlan, pendingPlan, rememberPendingPlan } from './pending-plan';

describe('pending plan', () => {
  beforeEach(() => window.sessionStorage.clear());
  const storage = () => window.sessionStorage;

  it('remembers the plan a checkout was started for, until forgotten', () => {
    rememberPendingPlan(storage(), 'oro', 1_000);
    expect(pendingPlan(storage(), 2_000)).toBe('oro');
    forgetPendingPlan(storage());
    expect(pendingPlan(storage(), 2_000)).toBeNull();
  });

  it('drops a purchase started more than an hour ago', () => {
    rememberPendingPlan(storage(), 'platino', 0);
    expect(pendingPlan(storage(), 60 * 60 * 1000)).toBe('platino');
    expect(pendingPlan(storage(), 60 * 60 * 1000 + 1)).toBeNull();
  });

  it('ignores anything else stored under its key', () => {
    for (const value of ['not json', '"oro"', '{"planId":"gold","at":1}', '{"planId":"oro"}']) {
      storage().setItem('brezza.plans.pending', value);
      expect(pendingPlan(storage(), 1)).toBeNull();
    }
  });
});
