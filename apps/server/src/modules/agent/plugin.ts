import fp from 'fastify-plugin';
import type { Transaction } from 'kysely';
import { APP_TOKEN_INVALID, APP_TOKEN_NOT_REGISTERED } from '@brezza/contract';
import type { DB } from '../../db/schema.js';
import { unauthorized } from '../../errors.js';
import { hashSecret } from '../../lib/secrets.js';
import type { AfterCommit } from '../../lib/transactions.js';
import { createAgentRepository } from './repository.js';
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

/**
 * `app.appTokens`: which registered server an agent's app token names. The equipment module's
 * gateway calls use it, so that a token is judged by the same rules as the agent's own pushes.
 */
export const appTokensPlugin = fp(
  async (app) => {
    const agents = createAgentRepository(app.database.db);
    app.decorate('appTokens', {
      async gateway(secret: string) {
        const credential = await agents.pushCredential(hashSecret(secret));
        if (!credential || credential.revokedAt) throw unauthorized(APP_TOKEN_INVALID);
        if (credential.serverId === null) throw unauthorized(APP_TOKEN_NOT_REGISTERED);
        return { serverId: credential.serverId, organisationId: credential.organisationId };
      },
    });
  },
  { name: 'app-tokens', dependencies: ['database'] },
);
