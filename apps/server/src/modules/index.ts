import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/routes.js';
import { appConfigRoutes } from './app-config/routes.js';

/**
 * Every domain's routes. Public ones first; then the operator API under /api, where one hook
 * authenticates every request (routes never check auth themselves). Agent and webhook routes,
 * which carry their own credentials, are registered outside that scope.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(appConfigRoutes);

  await app.register(
    async (_api) => {
      // The identity module adds `api.addHook('onRequest', api.authenticate)` here, first.
    },
    { prefix: '/api' },
  );
}
