import fp from 'fastify-plugin';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AfterCommit } from '../../lib/transactions.js';
import { createAgentService, type AgentService } from './service.js';
import { createTransactionSampleWriter, createWorkerSampleWriter } from './sample-writer.js';

export interface Agent {
  service: AgentService;
}

/** The file the app's SQLite connection has open, for the sample writer's own connection. */
async function sqliteFile(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  return rows.find((row) => row.name === 'main')!.file;
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
    const samples =
      app.database.dialect === 'sqlite'
        ? createWorkerSampleWriter({
            file: await sqliteFile(app.database.db),
            onServersChanged: (organisationId) => app.hierarchy.committed(organisationId),
          })
        : createTransactionSampleWriter({ db: app.database.db, onServersChanged });
    // Pushes still in flight are written (and answered) before the worker and database go.
    app.addHook('onClose', () => samples.close());
    const service = createAgentService({
      db: app.database.db,
      onServersChanged,
      appTokens: app.onboarding.appTokens,
      relabel: app.metrics.relabel,
      samples,
    });
    app.decorate('agent', { service } satisfies Agent);
  },
  { name: 'agent', dependencies: ['database', 'hierarchy', 'onboarding', 'metrics'] },
);
