import { isPlanId, type PlanId } from '@brezza/contract';

/**
 * The plan a checkout was started for, kept for this browser tab: Stripe may send the browser to
 * /success a moment before its webhook arrives, so /success reads the plan again until it shows.
 */
const KEY = 'brezza.plans.pending';
/** Older than this, a pending purchase was abandoned, not paid. */
const PENDING_FOR_MS = 60 * 60 * 1000;

export function rememberPendingPlan(storage: Storage, planId: PlanId, now: number): void {
  storage.setItem(KEY, JSON.stringify({ planId, at: now }));
}

export function pendingPlan(storage: Storage, now: number): PlanId | null {
  try {
    const saved: unknown = JSON.parse(storage.getItem(KEY) ?? 'null');
    if (typeof saved !== 'object' || saved === null) return null;
    const { planId, at } = saved as { planId?: unknown; at?: unknown };
    if (!isPlanId(planId) || typeof at !== 'number' || now - at > PENDING_FOR_MS) return null;
    return planId;
  } catch {
    return null;
  }
}

export function forgetPendingPlan(storage: Storage): void {
  storage.removeItem(KEY);
}
