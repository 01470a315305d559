import fp from 'fastify-plugin';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { createMetricsRepository } from './repository.js';
import { createMetricsService, type MetricsService } from './service.js';

export interface Metrics {
  service: MetricsService;
  /**
   * Brings the labels of the given servers to what the hierarchy says, inside a write of another
   * module (an agent registering its server), so that labels and server commit together.
   */
  relabel(
    trx: Transaction<DB>,
    organisationId: number,
    at: string,
    serverIds: number[],
  ): Promise<number>;
}

/** Prometheus labels, exposition and scrape tokens, built once and decorated as `app.metrics`. */
export const metricsPlugin = fp(
  async (app) => {
    const service = createMetricsService({ db: app.database.db });
    app.decorate('metrics', {
      service,
      relabel: (trx, organisationId, at, serverIds) =>
        createMetricsRepository(trx).rebuildLabels(organisationId, at, serverIds),
    } satisfies Metrics);
  },
  { name: 'metrics', dependencies: ['database'] },
);
