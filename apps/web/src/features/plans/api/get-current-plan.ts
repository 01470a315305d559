import { derivePlan, GET_FEATURES_PATH, type CurrentPlan } from '@brezza/contract';
import type { Request } from './request';

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

export const currentPlanQueryKey = (userId: string) => ['plans', 'current', userId] as const;
