import { useQuery } from '@tanstack/react-query';
import {
  derivePlan,
  GET_FEATURES_PATH,
  planAllows,
  type CurrentPlan,
  type PlanFeature,
} from '@brezza/contract';
import { useApiClient, type ApiRequest } from './api-client';
import { useSession } from './auth';

type Request = <T>(path: string, request?: ApiRequest) => Promise<T>;

/**
 * SPEC §7 and §4: POST an empty JSON object, derive the plan from the features' tier labels.
 * SPEC §8: a failed fetch means no plan, and is only logged.
 */
export async function getCurrentPlan(request: Request): Promise<CurrentPlan> {
  try {
    const body = await request<{ features?: unknown } | undefined>(GET_FEATURES_PATH, {
      method: 'POST',
      body: {},
      fallbackError: 'Failed to fetch features: {status}',
    });
    return derivePlan(body?.features);
  } catch (failure) {
    console.warn('Failed to fetch subscription features:', failure);
    return 'none';
  }
}

/** One cache entry per user: the plan page and every gated page read (and refresh) the same. */
export const currentPlanQueryKey = (userId: string) => ['plans', 'current', userId] as const;

/**
 * The organisation's plan, for pages that call a gated API (issue 14): they ask `allows` first
 * and show `<PlanGate>` instead of making a call the server would refuse (and the browser would
 * log). `allows` is undefined while the plan loads. The server enforces the same rule.
 */
export function usePlan(): {
  plan: CurrentPlan | undefined;
  allows: (feature: PlanFeature) => boolean | undefined;
} {
  const session = useSession();
  const request = useApiClient();
  const userId = session.status === 'signed-in' ? session.userId : null;
  const query = useQuery({
    queryKey: currentPlanQueryKey(userId ?? ''),
    queryFn: () => getCurrentPlan(request),
    enabled: userId !== null,
    staleTime: 60_000,
  });
  const plan = query.data;
  return {
    plan,
    allows: (feature) => (plan === undefined ? undefined : planAllows(plan, feature)),
  };
}
