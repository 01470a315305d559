import type { Generated } from 'kysely';

/**
 * The database's tables as Kysely sees them. Each domain declares its tables next to its
 * migration and this interface composes them.
 */
export interface OrganisationsTable {
  id: Generated<number>;
  name: string;
  grafana_url: string | null;
  tau_url: string | null;
  plan: 'argent' | 'oro' | 'platino' | 'none';
  created_at: string;
}

export interface DB {
  organisations: OrganisationsTable;
}
