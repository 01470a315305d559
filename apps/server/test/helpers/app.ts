import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { app as brezza, serverOptions } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createTestDatabase, testEnv, type TestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  /**
   * Every route the app registered, as its options after all of its scope's hooks ran (a hook
   * may add to them, e.g. a plan feature): read them once the app is ready.
   */
  routes: RouteOptions[];
  close(): Promise<void>;
}

/**
 * The real app on a database of its own, configured through the same schema as production; or
 * on `database`, which a test owns and drops itself (an app started again on the same data).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  shared?: TestDatabase,
): Promise<TestApp> {
  const database = shared ?? (await createTestDatabase());
  const config = loadConfig({ ...testEnv(database), ...env });
  // Built like buildApp does, with a first hook that keeps each route's options object.
  const app = Fastify(serverOptions(config));
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  await app.register(brezza, { config });
  await app.ready();
  return {
    app,
    config,
    database,
    routes,
    async close() {
      await app.close();
      if (!shared) await database.drop();
    },
  };
}
