import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { frameworkErrors, registerErrorHandler } from './errors.js';
import { useZodSchemas } from './lib/routes.js';
import { databasePlugin } from './plugins/database.js';
import { securityPlugin } from './plugins/security.js';
import { compressionPlugin } from './plugins/compression.js';
import { spaPlugin } from './plugins/spa.js';
import { registerModules } from './modules/index.js';
import { identityPlugin } from './modules/identity/plugin.js';
import { mailPlugin } from './modules/mail/plugin.js';
import './types.js';

export interface AppOptions {
  config: Config;
  /** An already-open database (tests give each file its own); opened from config otherwise. */
  database?: Database;
}

/** The whole product as one Fastify plugin: infrastructure, then domains, then the web app. */
export const app = fp(
  async (fastify: FastifyInstance, options: AppOptions) => {
    fastify.decorate('config', options.config);
    fastify.decorate('startupNotes', []);
    fastify.decorate('demo', { active: false });
    registerErrorHandler(fastify);
    useZodSchemas(fastify);
    await fastify.register(databasePlugin, { database: options.database });
    await fastify.register(securityPlugin);
    await fastify.register(compressionPlugin);
    // The one mailer (app.mail): sign-up and password mail, alert notifications, reports.
    await fastify.register(mailPlugin);
    await fastify.register(identityPlugin);
    // Called, not registered: the domains decorate the app itself (app.hierarchy, app.plans, ...).
    await registerModules(fastify);
    await fastify.register(spaPlugin);
  },
  { name: 'brezza' },
);

export function serverOptions(config: Config): FastifyServerOptions {
  return {
    logger:
      config.env.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.env.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
          },
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrors(config.publicUrl.startsWith('https://')),
    trustProxy: config.env.TRUST_PROXY,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Fastify's 10 s default for a plugin to start was passed by the embedded identity provider
    // on a two-core machine busy with other work (a browser test's server, seen once): slow is
    // not broken. A plugin that truly hangs still fails the start, after a minute.
    pluginTimeout: 60_000,
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const fastify = Fastify(serverOptions(options.config));
  await fastify.register(app, options);
  await fastify.ready();
  return fastify;
}
