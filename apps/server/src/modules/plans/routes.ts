import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  CREATE_CHECKOUT_SESSION_PATH,
  createCheckoutSessionBodySchema,
  GET_FEATURES_PATH,
  getFeaturesBodySchema,
  type CheckoutSessionResponse,
  type FeaturesResponse,
} from '@brezza/contract';
import { badRequest } from '../../errors.js';
import { localCheckoutRoutes } from './local-checkout-routes.js';
import { createPlans } from './module.js';
import { stripeWebhookRoutes } from './webhook-routes.js';

/** The contract's paths, relative to the /api scope these routes are registered in. */
const inApiScope = (path: string) => path.replace(/^\/api/, '');

function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid request body.');
  return result.data;
}

/**
 * The plan page's two calls (SPEC §7), for the signed-in operator's own organisation.
 * Registered inside the /api scope, whose hook has already set `request.user`.
 */
export async function planRoutes(app: FastifyInstance): Promise<void> {
  const { service } = await createPlans(app);

  app.post<{ Reply: FeaturesResponse }>(
    inApiScope(GET_FEATURES_PATH),
    // A read: every role sees its organisation's plan.
    { config: { minimumRole: 'viewer' } },
    async (request) => {
      parseBody(getFeaturesBodySchema, request.body);
      return service.features(request.user);
    },
  );

  app.post<{ Reply: CheckoutSessionResponse }>(
    inApiScope(CREATE_CHECKOUT_SESSION_PATH),
    { config: { minimumRole: 'admin' } },
    async (request) => {
      const { planId } = parseBody(createCheckoutSessionBodySchema, request.body ?? {});
      return service.createCheckoutSession(request.user, planId);
    },
  );
}

/**
 * Routes with credentials of their own, registered outside the /api scope: the webhook (its
 * signature) and, without Stripe, the local checkout (its unguessable session id).
 */
export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const plans = await createPlans(app);
  await app.register(stripeWebhookRoutes, {
    service: plans.service,
    webhookSecret: plans.gateway.webhookSecret,
  });
  if (plans.gateway.mode === 'local') {
    await app.register(localCheckoutRoutes, { plans });
    app.startupNotes.push(
      'Plans: local test checkout, no payments are taken (set the STRIPE_* variables to use Stripe).',
    );
  }
}
