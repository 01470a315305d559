import fp from 'fastify-plugin';
import { APP_TOKEN_INVALID, APP_TOKEN_NOT_REGISTERED } from '@brezza/contract';
import { unauthorized } from '../../errors.js';
import { hashSecret } from '../../lib/secrets.js';
import { createAgentRepository } from './repository.js';

/**
 * `app.appTokens`: which registered server an agent's app token names. The equipment module's
 * gateway calls use it, so that a token is judged by the same rules as the agent's own pushes.
 */
export const appTokensPlugin = fp(
  async (app) => {
    const agents = createAgentRepository(app.database.db);
    app.decorate('appTokens', {
      async gateway(secret: string) {
        const credential = await agents.pushCredential(hashSecret(secret));
        if (!credential || credential.revokedAt) throw unauthorized(APP_TOKEN_INVALID);
        if (credential.serverId === null) throw unauthorized(APP_TOKEN_NOT_REGISTERED);
        return { serverId: credential.serverId, organisationId: credential.organisationId };
      },
    });
  },
  { name: 'app-tokens', dependencies: ['database'] },
);
