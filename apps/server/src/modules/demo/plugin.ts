import type { FastifyInstance } from 'fastify';
import { demoOnFirstStart } from './first-start.js';

/**
 * On a fresh development database, the demo organisation and operator (DESIGN §9). Its own
 * module, registered after identity: seeding is not part of signing in.
 */
export async function demoModule(app: FastifyInstance): Promise<void> {
  app.startupNotes.push(...(await demoOnFirstStart(app.config, app.database.db)));
}
