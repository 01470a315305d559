import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FREE_HISTORY_MS,
  PLAN_FEATURES,
  historyStartMs,
  planAllows,
  planIncludes,
  planRequiredMessage,
  type PlanFeature,
} from './plan-gates.js';
import { PLAN_IDS, type CurrentPlan } from './plans.js';

const held = fc.constantFrom<CurrentPlan>('none', ...PLAN_IDS);
const feature = fc.constantFrom(...(Object.keys(PLAN_FEATURES) as PlanFeature[]));

describe('plan gates', () => {
  it('names the plan a refused feature needs', () => {
    expect(planRequiredMessage('coolingPerformance')).toBe(
      'Cooling performance needs the Oro plan.',
    );
    expect(planRequiredMessage('alerts')).toBe('Alerts needs the Argento plan.');
    expect(planRequiredMessage('recommendations')).toBe('Recommendations needs the Platino plan.');
  });

  it('gives every feature to Platino and none to an organisation without a plan', () => {
    fc.assert(
      fc.property(feature, (name) => {
        expect(planAllows('platino', name)).toBe(true);
        expect(planAllows('none', name)).toBe(false);
      }),
    );
  });

  it('never takes a feature away when the plan goes up', () => {
    fc.assert(
      fc.property(held, held, feature, (a, b, name) => {
        const order: CurrentPlan[] = ['none', ...PLAN_IDS];
        const [low, high] = order.indexOf(a) <= order.indexOf(b) ? [a, b] : [b, a];
        if (planAllows(low, name)) expect(planAllows(high, name)).toBe(true);
        if (high !== 'none') expect(planIncludes(high, high)).toBe(true);
      }),
    );
  });

  it('limits history to the last 24 hours without a plan', () => {
    expect(historyStartMs('none', 1_000_000_000_000)).toBe(1_000_000_000_000 - FREE_HISTORY_MS);
    expect(historyStartMs('argent', 1_000_000_000_000)).toBeNull();
  });
});
