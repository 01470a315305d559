import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/routes.js';
import { appConfigRoutes } from './app-config/routes.js';

/** Every domain's routes. Public ones first; the operator API under /api follows. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(appConfigRoutes);
}
