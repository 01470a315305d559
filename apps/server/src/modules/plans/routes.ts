import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CREATE_CHECKOUT_SESSION_PATH,
  createCheckoutSessionBodySchema,
  GET_FEATURES_PATH,
  getFeaturesBodySchema,
  checkoutSessionResponseSchema,
  errorBodySchema,
  featuresResponseSchema,
  planAllows,
  planRequiredMessage,
} from '@brezza/contract';
import { forbidden } from '../../errors.js';
import { routes } from '../../lib/routes.js';
import { localCheckoutRoutes } from './local-checkout-routes.js';
import { stripeWebhookRoutes } from './webhook-routes.js';

/**
 * The /api scope's third hook: a route that declares `config.planFeature` answers 403 naming the
 * plan it needs when the organisation's plan does not include it (issue 14, item 7).
 */
export async function requirePlan(request: FastifyRequest): Promise<void> {
  const feature = request.routeOptions.config.planFeature;
  if (!feature) return;
  const held = await request.server.plans.service.planOf(request.user.organisationId);
  if (!planAllows(held, feature)) throw forbidden(planRequiredMessage(feature));
}

/**
 * The plan page's two calls (SPEC §7), for the signed-in operator's own organisation.
 * Registered inside the /api scope, whose hook has already set `request.user`.
 */
export async function planRoutes(app: FastifyInstance): Promise<void> {
  const { service } = app.plans;

  const tags = ['Plans'];
  const security = [{ operator: [] }];
  routes(app).post(
    GET_FEATURES_PATH,
    {
      // A read: every role sees its organisation's plan.
      config: { minimumRole: 'viewer' },
      schema: {
        summary: "The features the organisation's subscription grants; each label names its tier.",
        tags,
        security,
        body: getFeaturesBodySchema,
        response: { 200: featuresResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.features(request.user),
  );

  routes(app).post(
    CREATE_CHECKOUT_SESSION_PATH,
    {
      config: { minimumRole: 'admin' },
      schema: {
        summary: 'Starts a checkout for a plan; the browser goes to the answered URL to pay.',
        tags,
        security,
        body: createCheckoutSessionBodySchema,
        response: {
          200: checkoutSessionResponseSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => service.createCheckoutSession(request.user, request.body.planId),
  );
}

/**
 * Routes with credentials of their own, registered outside the /api scope: the webhook (its
 * signature) and, without Stripe, the local checkout (its unguessable session id).
 */
export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const { plans } = app;
  await app.register(stripeWebhookRoutes, {
    service: plans.service,
    webhookSecret: plans.gateway.webhookSecret,
  });
  if (plans.gateway.mode === 'local') {
    await app.register(localCheckoutRoutes);
    app.startupNotes.push(
      'Plans: local test checkout, no payments are taken (set the STRIPE_* variables to use Stripe).',
    );
  }
}
