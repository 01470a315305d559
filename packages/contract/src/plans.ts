import { z } from 'zod';

/**
 * Plans and billing (SPEC §2 plan page, §3, §4, §7, §9; DESIGN §6): three monthly plans, the
 * features an organisation's subscription grants, and the two calls the plan page makes.
 */
export const GET_FEATURES_PATH = '/api/get-features';
export const CREATE_CHECKOUT_SESSION_PATH = '/api/create-checkout-session';
/** Called by Stripe (or by the local checkout); outside the bearer-token scope. */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';
/** The product's own test checkout, used when no Stripe account is configured. */
export const LOCAL_CHECKOUT_PREFIX = '/checkout/';
/** The plan page, and where Stripe returns the browser after paying or cancelling. */
export const PLAN_PAGE_PATH = '/stripe';
export const PLAN_SUCCESS_PATH = '/success';
export const PLAN_CANCEL_PATH = '/cancel';

export const PLAN_IDS = ['argent', 'oro', 'platino'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
/** What an organisation holds: one of the plans, or none. */
export type CurrentPlan = PlanId | 'none';

export const isPlanId = (value: unknown): value is PlanId =>
  typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);

export interface Plan {
  id: PlanId;
  name: string;
  /** US dollars per month (SPEC §9). */
  monthlyPriceUsd: number;
  description: string;
  bullets: readonly string[];
  /** The label every feature of this plan carries; SPEC §4 derives the plan from it. */
  tier: 'Tier 1' | 'Tier 2' | 'Tier 3';
}

/** The three cards of the plan page, cheapest first (SPEC §2, §9). */
export const PLANS: readonly Plan[] = [
  {
    id: 'argent',
    name: 'ARGENTO',
    monthlyPriceUsd: 99,
    description: 'Basic monitoring and analytics',
    bullets: ['Monitor data center metrics', 'Industry standard telemetry', 'Executive reports'],
    tier: 'Tier 1',
  },
  {
    id: 'oro',
    name: 'ORO',
    monthlyPriceUsd: 199,
    description: 'Advanced analytics and predictions',
    bullets: [
      'Everything in Argento',
      'Cooling performance evaluation',
      'Predictive analytics',
      'Thermal energy flow analysis',
    ],
    tier: 'Tier 2',
  },
  {
    id: 'platino',
    name: 'PLATINO',
    monthlyPriceUsd: 299,
    description: 'Complete optimization suite',
    bullets: [
      'Everything in Oro',
      'AI-powered optimization',
      'Real-time recommendations',
      'Priority support',
    ],
    tier: 'Tier 3',
  },
];

export function planById(id: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

export const formatMonthlyPrice = (plan: Plan) => `$${plan.monthlyPriceUsd}/mo`;

/**
 * The features each plan grants, as `POST /api/get-features` answers them (SPEC §3): every
 * label carries the plan's tier. Higher plans include the lower plans' features at their tier.
 */
const FEATURE_KEYS: Record<PlanId, readonly string[]> = {
  argent: ['monitoring', 'telemetry', 'executiveReports'],
  oro: ['coolingPerformanceEvaluation', 'predictiveAnalytics', 'thermalEnergyFlowAnalysis'],
  platino: ['aiOptimization', 'realTimeRecommendations', 'prioritySupport'],
};

export function planFeatures(plan: CurrentPlan): Record<string, string> {
  if (plan === 'none') return {};
  const { tier, name } = planById(plan);
  const included = PLAN_IDS.slice(0, PLAN_IDS.indexOf(plan) + 1);
  const features: Record<string, string> = { plan: `${name} (${tier})` };
  for (const id of included) for (const key of FEATURE_KEYS[id]) features[key] = tier;
  return features;
}

/**
 * SPEC §4: any feature text containing 'Tier 3' gives platino, else 'Tier 2' gives oro, else
 * 'Tier 1' gives argent, otherwise no plan. Anything that is not an object of texts (a failed or
 * malformed answer) holds no plan; values that are not text are ignored.
 */
export function derivePlan(features: unknown): CurrentPlan {
  if (typeof features !== 'object' || features === null || Array.isArray(features)) return 'none';
  const texts = Object.values(features).filter((value) => typeof value === 'string');
  if (texts.some((text) => text.includes('Tier 3'))) return 'platino';
  if (texts.some((text) => text.includes('Tier 2'))) return 'oro';
  if (texts.some((text) => text.includes('Tier 1'))) return 'argent';
  return 'none';
}

/** SPEC §7: the plan page posts an empty JSON object. Extra fields are ignored, never stored. */
export const getFeaturesBodySchema = z.object({}).optional();

export const featuresResponseSchema = z.object({ features: z.record(z.string(), z.string()) });
export type FeaturesResponse = z.infer<typeof featuresResponseSchema>;

export const INVALID_PLAN_ERROR = 'planId must be one of argent, oro or platino.';

export const createCheckoutSessionBodySchema = z.object({
  planId: z.enum(PLAN_IDS, { message: INVALID_PLAN_ERROR }),
});
export type CreateCheckoutSessionBody = z.infer<typeof createCheckoutSessionBodySchema>;

export const checkoutSessionResponseSchema = z.object({ url: z.string() });
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

/** What the webhook answers once an event is verified and applied (or was already applied). */
export const webhookReceivedSchema = z.object({ received: z.literal(true) });
export type WebhookReceived = z.infer<typeof webhookReceivedSchema>;

/** SPEC §8: the only trace a failed checkout leaves (no message is shown to the operator). */
export const CHECKOUT_FAILED_LOG = 'Failed to create checkout session';
