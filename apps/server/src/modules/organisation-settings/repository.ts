import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface OrganisationSettingsRow {
  id: number;
  name: string;
  grafana_url: string | null;
  tau_url: string | null;
  grafana_org_id: number | null;
}

export type OrganisationSettingsRepository = ReturnType<
  typeof createOrganisationSettingsRepository
>;

/** SQL for an organisation's settings and its Grafana link; always by the caller's own id. */
export function createOrganisationSettingsRepository(db: Kysely<DB>) {
  return {
    async find(organisationId: number): Promise<OrganisationSettingsRow | undefined> {
      return db
        .selectFrom('organisations')
        .select(['id', 'name', 'grafana_url', 'tau_url', 'grafana_org_id'])
        .where('id', '=', organisationId)
        .executeTakeFirst();
    },

    /** Whether another organisation is already linked to this Grafana organisation. */
    async grafanaOrgLinkedElsewhere(grafanaOrgId: number, organisationId: number) {
      const row = await db
        .selectFrom('organisations')
        .select('id')
        .where('grafana_org_id', '=', grafanaOrgId)
        .where('id', '!=', organisationId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async setGrafanaOrgId(organisationId: number, grafanaOrgId: number): Promise<void> {
      await db
        .updateTable('organisations')
        .set({ grafana_org_id: grafanaOrgId })
        .where('id', '=', organisationId)
        .execute();
    },
  };
}
