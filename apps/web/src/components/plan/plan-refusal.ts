import { PLAN_FEATURES, planRequiredMessage, type PlanFeature } from '@brezza/contract';

/**
 * The plan feature a failed call was refused for (a 403 whose message is the contract's
 * `planRequiredMessage`), or null for any other failure.
 */
export function planRefusal(failure: unknown): PlanFeature | null {
  if (typeof failure !== 'object' || failure === null) return null;
  const { status, serverMessage } = failure as { status?: unknown; serverMessage?: unknown };
  if (status !== 403 || typeof serverMessage !== 'string') return null;
  const features = Object.keys(PLAN_FEATURES) as PlanFeature[];
  return features.find((feature) => planRequiredMessage(feature) === serverMessage) ?? null;
}
