import fp from 'fastify-plugin';
import { createGrafanaClient } from './grafana-client.js';
import { createOrganisationSettingsRepository } from './repository.js';
import { createOrganisationSettingsService, type OrganisationSettingsService } from './service.js';

export interface OrganisationSettings {
  service: OrganisationSettingsService;
}

/** Organisation settings and the Grafana link, built once as `app.organisationSettings`. */
export const organisationSettingsPlugin = fp(
  async (app) => {
    const { GRAFANA_URL, GRAFANA_TOKEN } = app.config.env;
    const service = createOrganisationSettingsService({
      repository: createOrganisationSettingsRepository(app.database.db),
      grafana:
        GRAFANA_URL && GRAFANA_TOKEN
          ? createGrafanaClient({ url: GRAFANA_URL, token: GRAFANA_TOKEN })
          : null,
    });
    app.decorate('organisationSettings', { service } satisfies OrganisationSettings);
  },
  { name: 'organisation-settings', dependencies: ['database'] },
);
