import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../../lib/bearer.js';
import { hashSecret } from '../../lib/secrets.js';

/**
 * The rate-limit key of an agent push: the authenticated identity, the app token (bound to one
 * machine), however its Authorization header is spelt, so that varying case or spaces cannot
 * buy a fresh allowance. Calls without a known token count against their address.
 */
export function createPushLimitKey(tokens: ReturnType<FastifyInstance['onboarding']['appTokens']>) {
  return async (request: FastifyRequest): Promise<string> => {
    const secret = bearerToken(request.headers.authorization);
    const token = secret ? await tokens.findByHash(hashSecret(secret)) : undefined;
    return token ? `app-token:${token.id}` : `address:${request.ip}`;
  };
}
