import type { FastifyInstance } from 'fastify';
import {
  GRAFANA_FAILED_ERROR,
  LINK_GRAFANA_PATH,
  ORG_SETTINGS_PATH,
  errorBodySchema,
  linkGrafanaResultSchema,
  orgSettingsSchema,
} from '@brezza/contract';
import { routes } from '../../lib/routes.js';
import { GrafanaError } from './grafana-client.js';

/**
 * Organisation settings and the Grafana link, for the signed-in operator's own organisation.
 * Registered inside the /api scope, whose hook has already set `request.user`.
 */
export async function organisationSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { service } = app.organisationSettings;

  const tags = ['Organisation'];
  const security = [{ operator: [] }];
  routes(app).get(
    ORG_SETTINGS_PATH,
    {
      schema: {
        summary: "The organisation's observability and AI toolkit URLs (null when it has none).",
        tags,
        security,
        response: { 200: orgSettingsSchema, 404: errorBodySchema },
      },
    },
    async (request) => service.settings(request.user),
  );

  // No body is read: the call acts on the caller and their organisation only.
  routes(app).post(
    LINK_GRAFANA_PATH,
    {
      schema: {
        summary: "Gives the caller an account in the organisation's Grafana organisation.",
        tags,
        security,
        response: {
          200: linkGrafanaResultSchema,
          201: linkGrafanaResultSchema,
          404: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const outcome = await service.linkGrafana(request.user);
        return reply.status(outcome.status).send(outcome.body);
      } catch (error) {
        if (!(error instanceof GrafanaError)) throw error;
        request.log.warn({ err: error, grafanaStatus: error.status }, 'link-grafana failed');
        return reply.status(502).send({ error: GRAFANA_FAILED_ERROR });
      }
    },
  );
}
