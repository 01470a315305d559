import { describe, expect, it } from 'vitest';
import { PLAN_IDS, type CurrentPlan, type PlanId } from '@brezza/contract';
import { planButtonState } from './plan-button';

const CURRENT: CurrentPlan[] = ['none', ...PLAN_IDS];

describe('planButtonState', () => {
  it('says Subscribe on every card when no plan is held', () => {
    for (const card of PLAN_IDS) {
      expect(planButtonState(card, 'none', null)).toEqual({
        label: 'Subscribe',
        disabled: false,
        badge: false,
      });
    }
  });

  it('marks the plan held and offers a switch to the others', () => {
    expect(planButtonState('oro', 'oro', null)).toEqual({
      label: 'Current Plan',
      disabled: true,
      badge: true,
    });
    for (const card of ['argent', 'platino'] as const) {
      expect(planButtonState(card, 'oro', null)).toEqual({
        label: 'Switch Subscription',
        disabled: false,
        badge: false,
      });
    }
  });

  it('shows Processing... on the card being bought and disables every other button', () => {
    for (const current of CURRENT) {
      for (const busy of PLAN_IDS) {
        for (const card of PLAN_IDS) {
          const state = planButtonState(card, current, busy);
          expect(state.disabled).toBe(true);
          if (card === busy) expect(state.label).toBe('Processing...');
          else expect(state.label).not.toBe('Processing...');
          expect(state.badge).toBe(current === card);
        }
      }
    }
  });

  it('shows no label and no badge, disabled, until the current plan is known', () => {
    for (const card of PLAN_IDS) {
      expect(planButtonState(card, undefined, null)).toEqual({
        label: null,
        disabled: true,
        badge: false,
      });
    }
  });

  it('gives exactly one disabled Current Plan with a badge when a plan is held', () => {
    for (const current of PLAN_IDS) {
      const states = PLAN_IDS.map((card: PlanId) => planButtonState(card, current, null));
      expect(states.filter((state) => state.label === 'Current Plan')).toEqual([
        { label: 'Current Plan', disabled: true, badge: true },
      ]);
      expect(states.filter((state) => state.label === 'Switch Subscription')).toHaveLength(2);
    }
  });
});
