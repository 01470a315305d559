import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  EQUIPMENT_PATH,
  RECOMMENDATIONS_PATH,
  RECOMMENDATION_NOT_FOUND,
  RECOMMENDATION_SETTINGS_PATH,
  RECOMMENDATION_UNIT_NOT_FOUND,
  equipmentRecommendationsSchema,
  errorBodySchema,
  recommendationSchema,
  recommendationSettingsSchema,
  recommendationsFeedSchema,
} from '@brezza/contract';
import { pathId, routes } from '../../lib/routes.js';

const common = { tags: ['Recommendations'], security: [{ operator: [] }] };
const unitParams = z.object({ id: pathId(RECOMMENDATION_UNIT_NOT_FOUND) });
const proposalParams = unitParams.extend({
  recommendationId: pathId(RECOMMENDATION_NOT_FOUND),
});

/**
 * Setpoint recommendations in the /api scope, all part of the Platino plan. Reads: viewers.
 * Applying and reverting: operators (the scope's default for writes). Automatic mode: admins.
 */
export async function recommendationsRoutes(app: FastifyInstance): Promise<void> {
  const service = app.recommendations;
  const api = routes(app);
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, planFeature: 'recommendations' };
  });

  api.get(
    RECOMMENDATIONS_PATH,
    {
      schema: {
        ...common,
        summary:
          "The organisation's feed: each pCDU's newest recommendations (the twins run when due).",
        response: { 200: recommendationsFeedSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.feed(request.user.organisationId);
    },
  );

  api.get(
    RECOMMENDATION_SETTINGS_PATH,
    {
      schema: {
        ...common,
        summary: 'Whether automatic mode applies recommendations without an operator.',
        response: { 200: recommendationSettingsSchema },
      },
    },
    async (request) => service.settings(request.user.organisationId),
  );

  api.put(
    RECOMMENDATION_SETTINGS_PATH,
    {
      config: { minimumRole: 'admin' },
      schema: {
        ...common,
        summary:
          'Turns automatic mode on or off (admins; audited). On, fresh recommendations are applied under the same checks.',
        body: recommendationSettingsSchema,
        response: { 200: recommendationSettingsSchema },
      },
    },
    async (request) => service.setAutomaticMode(request.user, request.body.automaticMode),
  );

  api.get(
    `${EQUIPMENT_PATH}/:id/recommendations`,
    {
      schema: {
        ...common,
        summary:
          "A pCDU's recommendations, newest first: setpoints, predicted saving, predicted temperatures and flow, risk, status and the realised saving once measured.",
        params: unitParams,
        response: {
          200: equipmentRecommendationsSchema,
          400: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.forUnit(request.user.organisationId, request.params.id);
    },
  );

  api.post(
    `${EQUIPMENT_PATH}/:id/recommendations/:recommendationId/apply`,
    {
      schema: {
        ...common,
        summary:
          'Applies a proposal through the equipment command path (operators): checked again on the twin, audited, pending until the unit reads it back.',
        params: proposalParams,
        response: {
          202: recommendationSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await service.apply(request.user, request.params.id, request.params.recommendationId),
        ),
  );

  api.post(
    `${EQUIPMENT_PATH}/:id/recommendations/revert`,
    {
      schema: {
        ...common,
        summary:
          'Puts back the setpoints in force before the last applied recommendation (operators), through the equipment command path.',
        params: unitParams,
        response: {
          202: recommendationSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await service.revert(request.user, request.params.id)),
  );
}
