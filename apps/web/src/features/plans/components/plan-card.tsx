import type { Plan, PlanId } from '@brezza/contract';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/cx';
import { CheckList } from '@/components/marketing/check-list';
import type { PlanButtonState } from '../utils/plan-button';

/** One plan: name, price, what it includes, and its one button (SPEC §2). */
export function PlanCard({
  plan,
  state,
  onChoose,
}: {
  plan: Plan;
  state: PlanButtonState;
  onChoose(planId: PlanId): void;
}) {
  const headingId = `plan-${plan.id}`;
  const held = state.label === 'Current Plan';
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      className={cx(
        'flex h-full flex-col p-6 sm:p-8',
        state.badge && 'border-emerald-300 ring-2 ring-emerald-500',
      )}
    >
      <div className="flex h-8 items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold tracking-wider text-ink">
          {plan.name}
        </h2>
        {state.badge && (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-100 px-3 py-1 text-xs font-semibold text-emerald-800">
            <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-emerald-500" />
            Current Plan
          </span>
        )}
      </div>
      <p className="mt-2 text-slate-600">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-ink">${plan.monthlyPriceUsd}</span>
        <span className="font-medium text-slate-500">/mo</span>
      </p>
      <CheckList
        items={plan.bullets}
        className="mt-5 flex-1 space-y-3 border-t border-slate-100 pt-5"
      />
      <Button
        size="lg"
        variant={held ? 'secondary' : 'primary'}
        className="mt-8 w-full"
        disabled={state.disabled}
        aria-busy={state.label === 'Processing...' || state.label === null}
        onClick={() => onChoose(plan.id)}
      >
        {(state.label === 'Processing...' || state.label === null) && (
          <span
            aria-hidden="true"
            className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
          />
        )}
        {state.label ?? <span className="sr-only">Loading your plan</span>}
      </Button>
    </Card>
  );
}
