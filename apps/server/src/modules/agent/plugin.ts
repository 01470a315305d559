import fp from 'fastify-plugin';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AfterCommit } from '../../lib/transactions.js';
import { createAgentService, type AgentService } from './service.js';

export interface Agent {
  service: AgentService;
}

/**
 * What agents do with an app token, built once as `app.agent`. A registration binds the
 * onboarding module's token, relabels the server in the metrics module and stamps the hierarchy,
 * all through their decorations and in one transaction.
 */
export const agentPlugin = fp(
  async (app) => {
    const onServersChanged = (
      organisationId: number,
      trx: Transaction<DB>,
      afterCommit: AfterCommit,
    ) => app.hierarchy.changed(organisationId, trx, afterCommit);
    const service = createAgentService({
      db: app.database.db,
      onServersChanged,
      appTokens: app.onboarding.appTokens,
      relabel: app.metrics.relabel,
      // Pushes and their samples go through the telemetry module (metrics store, live updates).
      samples: app.telemetryIngest,
      rawRetentionMs: app.telemetryIngest.rawRetentionMs,
    });
    app.decorate('agent', { service } satisfies Agent);
  },
  { name: 'agent', dependencies: ['database', 'hierarchy', 'onboarding', 'metrics', 'telemetry'] },
);
