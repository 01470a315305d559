import fp from 'fastify-plugin';
import { createDatabase, migrateToLatest, type Database } from '../db/database.js';

/** Opens the database, brings its schema up to date and closes it when the app closes. */
export const databasePlugin = fp(
  async (app, options: { database?: Database }) => {
    const database = options.database ?? createDatabase(app.config.database);
    try {
      await migrateToLatest(database);
    } catch (error) {
      await database.close();
      throw error;
    }
    app.decorate('database', database);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'database' },
);
