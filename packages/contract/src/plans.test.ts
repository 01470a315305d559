import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  createCheckoutSessionBodySchema,
  derivePlan,
  formatMonthlyPrice,
  INVALID_PLAN_ERROR,
  PLAN_IDS,
  planById,
  planFeatures,
  PLANS,
} from './plans.js';

/** Text that can never contain a tier label (no 'T' at all). */
const tierlessText = fc.string().map((text) => text.replaceAll('T', 't'));

describe('derivePlan (SPEC §4)', () => {
  it.each([
    [{ plan: 'Tier 1' }, 'argent'],
    [{ plan: 'Tier 2' }, 'oro'],
    [{ plan: 'Tier 3' }, 'platino'],
    [{ reports: 'Executive reports (Tier 1 plan)' }, 'argent'],
    [{ a: 'premium Tier 2 analytics' }, 'oro'],
  ])('derives the plan from one label: %j → %s', (features, plan) => {
    expect(derivePlan(features)).toBe(plan);
  });

  it('lets the highest tier win when labels are mixed', () => {
    expect(derivePlan({ a: 'Tier 1', b: 'Tier 3', c: 'Tier 2' })).toBe('platino');
    expect(derivePlan({ a: 'Tier 1', b: 'Tier 2' })).toBe('oro');
    expect(derivePlan({ a: 'Tier 1', b: 'Tier 1 and Tier 2' })).toBe('oro');
    expect(derivePlan({ a: 'none', b: 'Tier 1' })).toBe('argent');
  });

  it('holds no plan for empty features or labels without a tier', () => {
    expect(derivePlan({})).toBe('none');
    expect(derivePlan({ a: 'Gold', b: 'tier 3', c: 'Tier3', d: '' })).toBe('none');
  });

  it('holds no plan for malformed input and ignores values that are not text', () => {
    for (const value of [undefined, null, 'Tier 3', 3, true, ['Tier 3'], () => 'Tier 3']) {
      expect(derivePlan(value)).toBe('none');
    }
    expect(derivePlan({ a: 3, b: null, c: { d: 'Tier 3' }, e: ['Tier 2'] })).toBe('none');
    expect(derivePlan({ a: 3, b: 'Tier 2' })).toBe('oro');
  });

  it('gives platino whenever any label contains Tier 3, whatever the others say', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.string()),
        fc.string(),
        fc.string(),
        (others, before, after) => {
          expect(derivePlan({ ...others, ['\u0000tier']: `${before}Tier 3${after}` })).toBe(
            'platino',
          );
        },
      ),
    );
  });

  it('holds no plan when no label contains a tier', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), tierlessText), (features) => {
        expect(derivePlan(features)).toBe('none');
      }),
    );
  });

  it('agrees with the highest tier present among any labels', () => {
    const label = fc.oneof(tierlessText, fc.constantFrom('Tier 1', 'Tier 2', 'Tier 3'));
    fc.assert(
      fc.property(fc.array(label), (labels) => {
        const features = Object.fromEntries(labels.map((text, index) => [`f${index}`, text]));
        const highest = Math.max(
          0,
          ...labels.map((text) => Number(/^Tier (\d)$/.exec(text)?.[1] ?? 0)),
        );
        expect(derivePlan(features)).toBe(['none', 'argent', 'oro', 'platino'][highest]);
      }),
    );
  });
});

describe('plans (SPEC §2, §9)', () => {
  it('lists the three plans with their names and monthly prices', () => {
    expect(PLANS.map((plan) => [plan.id, plan.name, formatMonthlyPrice(plan)])).toEqual([
      ['argent', 'ARGENTO', '$99/mo'],
      ['oro', 'ORO', '$199/mo'],
      ['platino', 'PLATINO', '$299/mo'],
    ]);
  });

  it('grants features whose labels derive back to the same plan', () => {
    for (const id of PLAN_IDS) expect(derivePlan(planFeatures(id))).toBe(id);
    expect(planFeatures('none')).toEqual({});
  });

  it('includes every lower plan’s features in a higher plan', () => {
    const keys = (id: (typeof PLAN_IDS)[number]) => Object.keys(planFeatures(id));
    expect(keys('oro')).toEqual(expect.arrayContaining(keys('argent')));
    expect(keys('platino')).toEqual(expect.arrayContaining(keys('oro')));
    expect(planFeatures('oro').plan).toBe('ORO (Tier 2)');
  });

  it('finds a plan by id', () => {
    expect(planById('oro').monthlyPriceUsd).toBe(199);
  });
});

describe('createCheckoutSessionBodySchema', () => {
  it('accepts the three plan ids', () => {
    for (const planId of PLAN_IDS) {
      expect(createCheckoutSessionBodySchema.parse({ planId })).toEqual({ planId });
    }
  });

  it('rejects anything else with a message naming the field', () => {
    for (const body of [
      {},
      { planId: 'gold' },
      { planId: 'ORO' },
      { planId: 2 },
      { plan: 'oro' },
    ]) {
      const result = createCheckoutSessionBodySchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(INVALID_PLAN_ERROR);
    }
  });
});
