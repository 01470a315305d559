import fp from 'fastify-plugin';
import { createKeyStore } from '../../idp/key-store.js';
import { grantIsAlive } from '../../idp/sql-adapter.js';
import { createUsersRepository } from '../users/repository.js';
import { createAuthenticate } from './authenticate.js';
import { createAuth0Verifier, createEmbeddedVerifier } from './token-verifier.js';

/**
 * `app.authenticate`, visible to the whole app: verifies tokens from the embedded provider
 * (keys read from our database) or from the Auth0 tenant (its JWKS).
 */
export const authenticationPlugin = fp(
  async (app) => {
    const { identity } = app.config;
    const users = createUsersRepository(app.database.db);
    const verify =
      identity.mode === 'auth0'
        ? createAuth0Verifier(identity, fetch, (error, message) =>
            app.log.error({ err: error }, message),
          )
        : createEmbeddedVerifier(createKeyStore(app.database), identity, (grantId) =>
            grantIsAlive(app.database.db, grantId),
          );
    app.decorate('authenticate', createAuthenticate({ verify, users }));
  },
  { name: 'authentication', dependencies: ['database'] },
);
