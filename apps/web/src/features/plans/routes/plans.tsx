import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PLANS } from '@brezza/contract';
import { paths } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { PlanCard } from '../components/plan-card';
import { useChoosePlan } from '../hooks/use-choose-plan';
import { useCurrentPlan } from '../hooks/use-current-plan';
import { planButtonState } from '../utils/plan-button';
import { forgetPendingPlan, pendingPlan } from '../utils/pending-plan';

type Outcome = 'success' | 'cancel' | null;

const outcomeOf = (pathname: string): Outcome =>
  pathname === paths.planSuccess ? 'success' : pathname === paths.planCancel ? 'cancel' : null;

/** 'Choose Your Plan' at /stripe, /success and /cancel (SPEC §2). */
export function PlansRoute() {
  const outcome = outcomeOf(useLocation().pathname);
  const [awaited] = useState(() =>
    outcome === 'success' ? pendingPlan(window.sessionStorage, Date.now()) : null,
  );
  const current = useCurrentPlan(awaited);
  const { busy, choose } = useChoosePlan();

  useEffect(() => {
    if (outcome === 'cancel' || (awaited !== null && current.data === awaited)) {
      forgetPendingPlan(window.sessionStorage);
    }
  }, [outcome, awaited, current.data]);

  return (
    <main className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 pt-10 pb-16 sm:px-6 sm:pt-12 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Plans</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-ink sm:text-5xl">
            Choose Your Plan
          </h1>
          <p className="mt-4 text-lg leading-8 text-slate-600">
            Monthly plans for monitoring and optimising data-center cooling. Switch at any time.
          </p>
        </div>

        {outcome === 'success' && (
          <Alert tone="success" className="mx-auto mt-8 max-w-2xl text-center text-base">
            Your payment went through. Thank you for subscribing!
          </Alert>
        )}
        {outcome === 'cancel' && (
          <Alert tone="info" className="mx-auto mt-8 max-w-2xl text-center text-base">
            Your payment was cancelled. Your plan has not changed.
          </Alert>
        )}

        <div className="mt-10 grid gap-6 md:grid-cols-3 lg:gap-8">
          {PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              state={planButtonState(plan.id, current.data, busy)}
              onChoose={choose}
            />
          ))}
        </div>
        <p className="mt-10 text-center text-sm text-slate-500">
          Prices in US dollars, billed monthly.
        </p>
      </div>
    </main>
  );
}
