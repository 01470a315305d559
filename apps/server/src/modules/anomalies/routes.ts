import type { FastifyInstance } from 'fastify';
import {
  ANOMALIES_PATH,
  FORECASTS_PATH,
  anomaliesResponseSchema,
  errorBodySchema,
  forecastsResponseSchema,
  insightScopeQuerySchema,
} from '@brezza/contract';
import { routes } from '../../lib/routes.js';

const common = { tags: ['Predictions'], security: [{ operator: [] }] };
const responses = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Predictions in the /api scope: every role reads them; the Oro plan's `predictions`. */
export async function anomaliesRoutes(app: FastifyInstance): Promise<void> {
  const { service } = app.anomalies;
  const api = routes(app);
  const config = { planFeature: 'predictions' as const };

  api.get(
    ANOMALIES_PATH,
    {
      config,
      schema: {
        ...common,
        summary:
          'What is unusual now in a scope: metrics and devices ranked by their anomaly rate over the last 15 minutes, with scores.',
        querystring: insightScopeQuerySchema,
        response: { 200: anomaliesResponseSchema, ...responses },
      },
    },
    async (request) => service.unusualNow(request.user.organisationId, request.query.scope),
  );

  api.get(
    FORECASTS_PATH,
    {
      config,
      schema: {
        ...common,
        summary:
          'Time to threshold for temperatures, flow and cooling capacity in a scope, from the trend of the last 7 days, with a 90 % band.',
        querystring: insightScopeQuerySchema,
        response: { 200: forecastsResponseSchema, ...responses },
      },
    },
    async (request) => service.forecasts(request.user.organisationId, request.query.scope),
  );
}
