import type { Config } from './config.js';
import type { Database } from './db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Lines printed once the server listens (the URL, demo sign-in, where mail goes). */
    startupNotes: string[];
  }
}
