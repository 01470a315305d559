import fp from 'fastify-plugin';
import { createListCache, type ListCache } from './list-cache.js';
import { createHierarchyService, type HierarchyService } from './service.js';
import { markHierarchyChanged, type Executor } from './repository.js';

export interface Hierarchy {
  service: HierarchyService;
  lists: ListCache;
  /**
   * Call after any write outside this module that changes what a list call answers (onboarding
   * registering or renaming a server): pass the open transaction so that the new stamp commits
   * with the write. Every server instance then rebuilds its lists and browsers get fresh ETags.
   */
  invalidate(organisationId: number, executor?: Executor): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    hierarchy: Hierarchy;
  }
}

/** The hierarchy service and list cache, shared by the /api routes and other modules' writes. */
export const hierarchyPlugin = fp(
  async (app) => {
    const lists = createListCache({ maxBytes: app.config.env.HIERARCHY_CACHE_MB * 1024 * 1024 });
    const { db } = app.database;
    const service = createHierarchyService({ db, onChange: (id) => lists.drop(id) });
    app.decorate('hierarchy', {
      service,
      lists,
      async invalidate(organisationId: number, executor: Executor = db) {
        await markHierarchyChanged(executor, organisationId);
        lists.drop(organisationId);
      },
    });
  },
  { name: 'hierarchy', dependencies: ['database'] },
);
