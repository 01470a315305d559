import type { FastifyInstance } from 'fastify';
import {
  GRAFANA_FAILED_ERROR,
  LINK_GRAFANA_PATH,
  ORG_SETTINGS_PATH,
  type ErrorBody,
  type LinkGrafanaResult,
  type OrgSettings,
} from '@brezza/contract';
import { createGrafanaClient, GrafanaError } from './grafana-client.js';
import { createOrganisationSettingsRepository } from './repository.js';
import { createOrganisationSettingsService } from './service.js';

/** The contract's paths, relative to the /api scope these routes are registered in. */
const inApiScope = (path: string) => path.replace(/^\/api/, '');

/**
 * Organisation settings and the Grafana link, for the signed-in operator's own organisation.
 * Registered inside the /api scope, whose hook has already set `request.user`.
 */
export async function organisationSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { GRAFANA_URL, GRAFANA_TOKEN } = app.config.env;
  const service = createOrganisationSettingsService({
    repository: createOrganisationSettingsRepository(app.database.db),
    grafana:
      GRAFANA_URL && GRAFANA_TOKEN
        ? createGrafanaClient({ url: GRAFANA_URL, token: GRAFANA_TOKEN })
        : null,
  });

  app.get<{ Reply: OrgSettings }>(inApiScope(ORG_SETTINGS_PATH), async (request) =>
    service.settings(request.user),
  );

  // No body is read: the call acts on the caller and their organisation only.
  app.post<{ Reply: LinkGrafanaResult | ErrorBody }>(
    inApiScope(LINK_GRAFANA_PATH),
    // Every role may open the dashboards: the link gives the caller their own account.
    { config: { minimumRole: 'viewer' } },
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
