import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PlanId } from '@brezza/contract';
import { useApiClient } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { currentPlanQueryKey, getCurrentPlan } from '@/lib/plan';

/** How long /success keeps reading the plan while a paid purchase is not visible yet. */
const AWAIT_FOR_MS = 30_000;
const AWAIT_EVERY_MS = 2_000;

/**
 * The organisation's current plan, read when the plan page loads (SPEC §7). `awaitPlan` is a plan
 * just paid for: until the server shows it (its webhook may trail the browser), read again.
 */
export function useCurrentPlan(awaitPlan: PlanId | null) {
  const session = useSession();
  const request = useApiClient();
  const userId = session.status === 'signed-in' ? session.userId : null;
  const [loadedAt] = useState(() => Date.now());
  return useQuery({
    queryKey: currentPlanQueryKey(userId ?? ''),
    queryFn: () => getCurrentPlan(request),
    enabled: userId !== null,
    refetchInterval: (query) =>
      awaitPlan !== null && query.state.data !== awaitPlan && Date.now() - loadedAt < AWAIT_FOR_MS
        ? AWAIT_EVERY_MS
        : false,
  });
}
