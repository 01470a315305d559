import type { CurrentPlan, PlanId } from './plans.js';
import { PLAN_IDS } from './plans.js';

/**
 * What each plan unlocks (issue 14, item 7). The server refuses a gated call with 403 and
 * `planRequiredMessage`; the web app shows the same words and a link to the plan page. No plan
 * keeps inventory, onboarding, live readings and the last 24 hours of history.
 */
export const PLAN_FEATURES = {
  fullHistory: { plan: 'argent', label: 'History beyond 24 hours' },
  alerts: { plan: 'argent', label: 'Alerts' },
  executiveReports: { plan: 'argent', label: 'Executive reports' },
  coolingPerformance: { plan: 'oro', label: 'Cooling performance' },
  energyFlow: { plan: 'oro', label: 'Thermal energy flow' },
  efficiency: { plan: 'oro', label: 'Capacity and efficiency' },
  predictions: { plan: 'oro', label: 'Predictions' },
  recommendations: { plan: 'platino', label: 'Recommendations' },
} as const satisfies Record<string, { plan: PlanId; label: string }>;

export type PlanFeature = keyof typeof PLAN_FEATURES;

/** History an organisation without a plan may read, back from now. */
export const FREE_HISTORY_MS = 24 * 60 * 60 * 1000;

/** The plans' names as a sentence says them ("needs the Oro plan"). */
export const PLAN_DISPLAY_NAMES: Record<PlanId, string> = {
  argent: 'Argento',
  oro: 'Oro',
  platino: 'Platino',
};

const rank = (plan: CurrentPlan) => (plan === 'none' ? 0 : PLAN_IDS.indexOf(plan) + 1);

/** Whether `held` includes `needed` (higher plans include everything below them). */
export const planIncludes = (held: CurrentPlan, needed: PlanId): boolean =>
  rank(held) >= rank(needed);

export const planAllows = (held: CurrentPlan, feature: PlanFeature): boolean =>
  planIncludes(held, PLAN_FEATURES[feature].plan);

/** The 403 message of a call the organisation's plan does not include. */
export const planRequiredMessage = (feature: PlanFeature): string =>
  `${PLAN_FEATURES[feature].label} needs the ${PLAN_DISPLAY_NAMES[PLAN_FEATURES[feature].plan]} plan.`;

/** The earliest time an organisation holding `held` may read history from, or null for any. */
export const historyStartMs = (held: CurrentPlan, nowMs: number): number | null =>
  planAllows(held, 'fullHistory') ? null : nowMs - FREE_HISTORY_MS;
