import fp from 'fastify-plugin';
import { createKeyStore } from '../../idp/key-store.js';
import { grantIsAlive } from '../../idp/sql-adapter.js';
import { createAuthenticate } from './authenticate.js';
import { identityDependencies } from './dependencies.js';
import { createAuth0Verifier, createEmbeddedVerifier } from './token-verifier.js';

export type Identity = ReturnType<typeof identityDependencies>;

/**
 * Identity, built once for the whole app: the users' and organisations' repositories, the mailer
 * (SMTP or the outbox) and the identity service, as `app.identity`; and `app.authenticate`, which
 * verifies tokens from the embedded provider (keys read from our database) or from the Auth0
 * tenant (its JWKS). Registered before the domains: every /api call and the alert notifier use it.
 */
export const identityPlugin = fp(
  async (app) => {
    const { config } = app;
    const identity = identityDependencies(
      config,
      app.database.db,
      (line) => app.log.info(line),
      (error, message) => app.log.error({ err: error }, message),
      app.mail,
    );
    app.decorate('identity', identity);
    const verify =
      config.identity.mode === 'auth0'
        ? createAuth0Verifier(config.identity, fetch, (error, message) =>
            app.log.error({ err: error }, message),
          )
        : createEmbeddedVerifier(createKeyStore(app.database), config.identity, (grantId) =>
            grantIsAlive(app.database.db, grantId),
          );
    app.decorate('authenticate', createAuthenticate({ verify, users: identity.users }));
  },
  { name: 'identity', dependencies: ['database', 'mail'] },
);
