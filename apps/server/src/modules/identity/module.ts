import type { FastifyInstance } from 'fastify';
import { createKeyStore } from '../../idp/key-store.js';
import { idpPlugin } from '../../idp/plugin.js';
import { publicIdentityRoutes } from './routes.js';

/**
 * Identity's public side: the sign-up and reset calls and the embedded OpenID provider (unless an
 * Auth0 tenant is configured).
 */
export async function identityModule(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const { users, mailer, identity } = app.identity;
  await app.register(publicIdentityRoutes, { identity });
  // Reset requests answered but not yet mailed are mailed before the database goes.
  app.addHook('onClose', () => identity.resetsSettled());
  if (config.identity.mode === 'embedded') {
    await app.register(idpPlugin, { identity, users, keyStore: createKeyStore(app.database) });
  }
  if (!config.env.SMTP_URL) {
    app.startupNotes.push(`Mail goes to ${mailer.destination} (set SMTP_URL to send it).`);
  }
}
