import type { FastifyInstance } from 'fastify';
import { demoOnFirstStart } from './first-start.js';

/**
 * On a fresh development database, the demo organisation and operator (DESIGN §9). Its own
 * module, registered after identity: seeding is not part of signing in.
 */
export async function demoModule(app: FastifyInstance): Promise<void> {
  const notes = await demoOnFirstStart(app.config, app.database.db);
  // A demo account with a printed password keeps the server on loopback (see listen.ts).
  app.demo.active = notes.length > 0;
  app.startupNotes.push(...notes);
}
