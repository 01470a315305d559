import type { CurrentPlan, PlanId } from '@brezza/contract';

export interface PlanButtonState {
  /** null while the current plan is still being read: no label rather than a wrong one. */
  label: 'Subscribe' | 'Switch Subscription' | 'Current Plan' | 'Processing...' | null;
  disabled: boolean;
  /** The green 'Current Plan' badge on the card. */
  badge: boolean;
}

/**
 * SPEC §2 and §5: one button per card. 'Current Plan' (disabled, with the badge) on the plan held,
 * 'Subscribe' when none is held, 'Switch Subscription' otherwise, and 'Processing...' on the card
 * whose checkout is being created; while that runs no other checkout can be started.
 */
export function planButtonState(
  card: PlanId,
  current: CurrentPlan | undefined,
  busy: PlanId | null,
): PlanButtonState {
  const held = current === card;
  if (busy === card) return { label: 'Processing...', disabled: true, badge: held };
  if (current === undefined) return { label: null, disabled: true, badge: false };
  const working = busy !== null;
  if (held) return { label: 'Current Plan', disabled: true, badge: true };
  if (current === 'none') return { label: 'Subscribe', disabled: working, badge: false };
  return { label: 'Switch Subscription', disabled: working, badge: false };
}
