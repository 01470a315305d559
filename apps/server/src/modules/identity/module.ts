import type { FastifyInstance } from 'fastify';
import { createKeyStore } from '../../idp/key-store.js';
import { idpPlugin } from '../../idp/plugin.js';
import { demoOnFirstStart } from '../demo/first-start.js';
import { identityDependencies } from './dependencies.js';
import { publicIdentityRoutes } from './routes.js';

/**
 * Identity's public side: the sign-up and reset calls, the embedded OpenID provider (unless an
 * Auth0 tenant is configured) and, on a fresh development database, the demo operator.
 */
export async function identityModule(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const { users, mailer, identity } = identityDependencies(
    config,
    app.database.db,
    (line) => app.log.info(line),
    (error, message) => app.log.error({ err: error }, message),
  );
  await app.register(publicIdentityRoutes, { identity });
  // Reset requests answered but not yet mailed are mailed before the database goes.
  app.addHook('onClose', () => identity.resetsSettled());
  if (config.identity.mode === 'embedded') {
    await app.register(idpPlugin, { identity, users, keyStore: createKeyStore(app.database) });
  }
  if (!config.env.SMTP_URL) {
    app.startupNotes.push(`Mail goes to ${mailer.destination} (set SMTP_URL to send it).`);
  }
  const demoNotes = await demoOnFirstStart(config, app.database.db);
  app.demo.active = demoNotes.length > 0;
  app.startupNotes.push(...demoNotes);
}
