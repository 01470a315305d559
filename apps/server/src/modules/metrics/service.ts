import type { Kysely } from 'kysely';
import {
  SAMPLE_STALE_AFTER_SECONDS,
  type AgentSample,
  type RefreshMetricsResponse,
} from '@brezza/contract';
import type { DB } from '../../db/schema.js';
import { renderExposition, type ServerMetrics } from './exposition.js';
import { createMetricsRepository, type MetricsRow } from './repository.js';
import { serviceDiscovery, type TargetGroup } from './service-discovery.js';
import { generateSecret, hashSecret } from '../../lib/secrets.js';

export const SCRAPE_TOKEN_PREFIX = 'brzs_';

export interface MetricsServiceDeps {
  db: Kysely<DB>;
  now?: () => Date;
}

export type MetricsService = ReturnType<typeof createMetricsService>;

/** Prometheus labels, exposition and service discovery for one organisation at a time. */
export function createMetricsService({ db, now = () => new Date() }: MetricsServiceDeps) {
  const repository = createMetricsRepository(db);

  function toMetrics(row: MetricsRow, staleBefore: number): ServerMetrics {
    // Staleness by arrival, on the server's clock: an agent's clock may be off.
    const fresh =
      row.payload !== null && row.receivedAt !== null && Date.parse(row.receivedAt) >= staleBefore;
    return {
      labels: row.labels,
      hostName: row.hostName,
      agentVersion: row.agentVersion,
      lastSeenAt: row.lastSeenAt,
      sample: fresh ? (JSON.parse(row.payload!) as AgentSample) : null,
    };
  }

  return {
    /** Rebuilds every label of the organisation's servers from the hierarchy as it is now. */
    async refresh(organisationId: number): Promise<RefreshMetricsResponse> {
      const at = now().toISOString();
      const servers = await db
        .transaction()
        .execute((trx) => createMetricsRepository(trx).rebuildLabels(organisationId, at));
      return { refreshed: { servers }, at };
    },

    /** The text exposition of the organisation, or of one of its servers. */
    async exposition(organisationId: number, serverId?: number): Promise<string> {
      const staleBefore = now().getTime() - SAMPLE_STALE_AFTER_SECONDS * 1000;
      const rows = await repository.rows(organisationId, serverId);
      return renderExposition(rows.map((row) => toMetrics(row, staleBefore)));
    },

    async discovery(origin: string, organisationId: number): Promise<TargetGroup[]> {
      return serviceDiscovery(origin, organisationId, await repository.labels(organisationId));
    },

    /** Whether the bearer secret is a live scrape token of this organisation. */
    async scrapeAllowed(secret: string, organisationId: number): Promise<boolean> {
      return (await repository.scrapeTokenOrganisation(hashSecret(secret))) === organisationId;
    },

    async createScrapeToken(organisationId: number, note: string | null) {
      const token = generateSecret(SCRAPE_TOKEN_PREFIX);
      const id = await repository.insertScrapeToken({
        organisationId,
        tokenHash: hashSecret(token),
        note,
        createdAt: now().toISOString(),
      });
      return { id, token };
    },

    revokeScrapeToken: (id: number) => repository.revokeScrapeToken(id, now().toISOString()),
    listScrapeTokens: (organisationId?: number) => repository.listScrapeTokens(organisationId),
  };
}
