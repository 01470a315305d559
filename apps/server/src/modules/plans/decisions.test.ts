import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PLAN_IDS, type PlanId } from '@brezza/contract';
import { decideCompletion, decideSubscriptionSync, planFromPrices } from './decisions.js';

const prices: Record<PlanId, string> = { argent: 'price_a', oro: 'price_o', platino: 'price_p' };

const sync = (overrides: Partial<Parameters<typeof decideSubscriptionSync>[0]> = {}) =>
  decideSubscriptionSync({
    deleted: false,
    eventCreatedAt: '2026-01-02T00:00:00.000Z',
    organisation: { plan: 'oro', subscriptionSyncedAt: '2026-01-01T00:00:00.000Z' },
    subscription: { id: 'sub_1', status: 'active', priceIds: ['price_o'] },
    prices,
    ...overrides,
  });

describe('decideCompletion', () => {
  const open = { status: 'open' as const, plan: 'oro' as const };

  it('ignores sessions we never started and sessions already complete', () => {
    const base = {
      subscriptionId: 'sub_2',
      currentSubscriptionId: null,
      newerPurchaseApplied: false,
    };
    expect(decideCompletion({ ...base, session: undefined }).kind).toBe('ignore');
    expect(decideCompletion({ ...base, session: { ...open, status: 'complete' } }).kind).toBe(
      'ignore',
    );
  });

  it('activates the plan and replaces the current subscription', () => {
    expect(
      decideCompletion({
        session: open,
        subscriptionId: 'sub_2',
        currentSubscriptionId: 'sub_1',
        newerPurchaseApplied: false,
      }),
    ).toEqual({ kind: 'activate', plan: 'oro', subscriptionId: 'sub_2', replaces: 'sub_1' });
    expect(
      decideCompletion({
        session: open,
        subscriptionId: 'sub_2',
        currentSubscriptionId: null,
        newerPurchaseApplied: false,
      }),
    ).toEqual({ kind: 'activate', plan: 'oro', subscriptionId: 'sub_2', replaces: null });
  });

  it('never replaces a subscription with itself', () => {
    expect(
      decideCompletion({
        session: open,
        subscriptionId: 'sub_1',
        currentSubscriptionId: 'sub_1',
        newerPurchaseApplied: false,
      }),
    ).toMatchObject({ replaces: null });
  });

  it('honours a paid session even if it was cancelled on our side', () => {
    expect(
      decideCompletion({
        session: { ...open, status: 'cancelled' },
        subscriptionId: 'sub_2',
        currentSubscriptionId: null,
        newerPurchaseApplied: false,
      }).kind,
    ).toBe('activate');
  });

  it('supersedes a late purchase at once when a newer one already took effect', () => {
    expect(
      decideCompletion({
        session: open,
        subscriptionId: 'sub_old',
        currentSubscriptionId: 'sub_new',
        newerPurchaseApplied: true,
      }),
    ).toEqual({ kind: 'stale', subscriptionId: 'sub_old' });
  });

  it('leaves at most one subscription current, whatever the inputs', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('open', 'complete', 'cancelled' as const),
        fc.constantFrom(...PLAN_IDS),
        fc.constantFrom('sub_1', 'sub_2'),
        fc.option(fc.constantFrom('sub_1', 'sub_2', 'sub_3'), { nil: null }),
        fc.boolean(),
        (status, plan, subscriptionId, currentSubscriptionId, newerPurchaseApplied) => {
          const decision = decideCompletion({
            session: { status, plan },
            subscriptionId,
            currentSubscriptionId,
            newerPurchaseApplied,
          });
          if (decision.kind !== 'activate') return;
          // The one that was current is either kept (same id) or handed over for cancelling.
          const kept = currentSubscriptionId === subscriptionId;
          expect(decision.replaces === null).toBe(currentSubscriptionId === null || kept);
        },
      ),
    );
  });
});

describe('decideSubscriptionSync', () => {
  it('takes the plan from the subscription price', () => {
    expect(sync()).toEqual({ kind: 'apply', plan: 'oro', subscriptionId: 'sub_1' });
    expect(
      sync({ subscription: { id: 'sub_1', status: 'trialing', priceIds: ['price_p'] } }),
    ).toEqual({
      kind: 'apply',
      plan: 'platino',
      subscriptionId: 'sub_1',
    });
  });

  it('falls back to the metadata plan, then to the plan held, for prices it does not know', () => {
    const subscription = { id: 'sub_1', status: 'active', priceIds: ['price_other'] };
    expect(sync({ subscription: { ...subscription, metadataPlan: 'argent' } })).toMatchObject({
      plan: 'argent',
    });
    expect(sync({ subscription: { ...subscription, metadataPlan: 'gold' } })).toMatchObject({
      plan: 'oro',
    });
  });

  it('keeps the plan while a payment is retried (past_due)', () => {
    expect(
      sync({ subscription: { id: 'sub_1', status: 'past_due', priceIds: ['price_a'] } }),
    ).toMatchObject({
      plan: 'argent',
    });
  });

  it('holds no plan while unpaid, incomplete or paused, keeping the subscription', () => {
    for (const status of ['unpaid', 'incomplete', 'paused']) {
      expect(sync({ subscription: { id: 'sub_1', status, priceIds: ['price_o'] } })).toEqual({
        kind: 'apply',
        plan: 'none',
        subscriptionId: 'sub_1',
      });
    }
  });

  it('ends the plan and forgets the subscription when it is deleted or ended', () => {
    const ended = { kind: 'apply', plan: 'none', subscriptionId: null };
    expect(sync({ deleted: true })).toEqual(ended);
    for (const status of ['canceled', 'incomplete_expired']) {
      expect(sync({ subscription: { id: 'sub_1', status, priceIds: ['price_o'] } })).toEqual(ended);
    }
  });

  it('ignores events older than the last one applied, applying same-time ones', () => {
    expect(sync({ eventCreatedAt: '2025-12-31T23:59:59.000Z' }).kind).toBe('ignore');
    expect(sync({ eventCreatedAt: '2026-01-01T00:00:00.000Z' }).kind).toBe('apply');
    expect(
      sync({
        eventCreatedAt: '2020-01-01T00:00:00.000Z',
        organisation: { plan: 'none', subscriptionSyncedAt: null },
      }).kind,
    ).toBe('apply');
  });
});

describe('planFromPrices', () => {
  it('finds the plan of a configured price among the subscription’s prices', () => {
    expect(planFromPrices(['price_x', 'price_p'], prices)).toBe('platino');
    expect(planFromPrices([], prices)).toBeUndefined();
    expect(planFromPrices(['price_x'], prices)).toBeUndefined();
  });
});
