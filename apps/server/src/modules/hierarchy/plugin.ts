import fp from 'fastify-plugin';
import { createListCache, type ListCache } from './list-cache.js';
import { createHierarchyService, type HierarchyService } from './service.js';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AfterCommit } from '../../lib/transactions.js';
import { markHierarchyChanged } from './repository.js';

export interface Hierarchy {
  service: HierarchyService;
  lists: ListCache;
  /**
   * Call inside any write outside this module that changes what a list call answers (an agent
   * registering or re-addressing a server, in a `lib/transactions.ts` transaction): the new stamp
   * commits with the write, and this instance's cached lists are dropped once it has committed.
   * Every server instance then rebuilds its lists and browsers get fresh ETags.
   */
  changed(organisationId: number, trx: Transaction<DB>, afterCommit: AfterCommit): Promise<void>;
  /** For a write committed on another connection (the SQLite sample writer's worker thread). */
  committed(organisationId: number): void;
}

/** The hierarchy service and list cache, shared by the /api routes and other modules' writes. */
export const hierarchyPlugin = fp(
  async (app) => {
    const lists = createListCache({ maxBytes: app.config.env.HIERARCHY_CACHE_MB * 1024 * 1024 });
    const { db } = app.database;
    const committed = (organisationId: number) => lists.drop(organisationId);
    const service = createHierarchyService({ db, onCommitted: committed });
    app.decorate('hierarchy', {
      service,
      lists,
      async changed(organisationId, trx, afterCommit) {
        await markHierarchyChanged(trx, organisationId);
        afterCommit(() => committed(organisationId));
      },
      committed,
    } satisfies Hierarchy);
  },
  { name: 'hierarchy', dependencies: ['database'] },
);
