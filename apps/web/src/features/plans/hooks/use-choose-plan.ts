import { useCallback, useEffect, useRef, useState } from 'react';
import { CHECKOUT_FAILED_LOG, type PlanId } from '@brezza/contract';
import { useApiClient } from '@/lib/api-client';
import { createCheckoutSession } from '../api/create-checkout-session';
import { rememberPendingPlan } from '../utils/pending-plan';

/**
 * SPEC §4 and §8: choosing a plan shows a busy state while the checkout is created, then the
 * browser goes to the checkout URL. A failure is logged as 'Failed to create checkout session',
 * shows no message and clears the busy state.
 */
export function useChoosePlan(): { busy: PlanId | null; choose(planId: PlanId): void } {
  const request = useApiClient();
  const [busy, setBusy] = useState<PlanId | null>(null);
  // A ref, not state: a second click in the same tick must not start a second checkout.
  const working = useRef(false);

  useEffect(() => {
    // Back from the checkout may restore this page from the back-forward cache, still busy.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      working.current = false;
      setBusy(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const choose = useCallback(
    (planId: PlanId) => {
      if (working.current) return;
      working.current = true;
      setBusy(planId);
      createCheckoutSession(request, planId).then(
        (url) => {
          rememberPendingPlan(window.sessionStorage, planId, Date.now());
          window.location.assign(url);
        },
        (failure: unknown) => {
          console.error(CHECKOUT_FAILED_LOG, failure);
          working.current = false;
          setBusy(null);
        },
      );
    },
    [request],
  );

  return { busy, choose };
}
