import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../errors.js';
import { bearerToken } from '../../lib/bearer.js';
import type { UsersRepository } from '../users/repository.js';
import { SIGNED_OUT_ERROR, TokenRejected, type TokenVerifier } from './token-verifier.js';

export const MISSING_TOKEN_ERROR = 'Sign-in required: send an Authorization: Bearer access token.';
export const UNKNOWN_USER_ERROR = 'This account is not authorised to use this product.';
export const DISABLED_USER_ERROR = 'This account is disabled.';

/**
 * The `/api` onRequest hook: 401 for a missing or invalid token, 403 for a valid token whose
 * user is unknown or disabled; otherwise sets `request.user`.
 */
export function createAuthenticate(deps: { verify: TokenVerifier; users: UsersRepository }) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw unauthorized(MISSING_TOKEN_ERROR);
    }
    let subject;
    try {
      subject = await deps.verify(token);
    } catch (error) {
      if (!(error instanceof TokenRejected)) throw error;
      if (error.reason === 'forbidden') throw forbidden(error.message);
      reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      throw unauthorized(error.message);
    }
    const user =
      subject.kind === 'user-id'
        ? await deps.users.findById(subject.userId)
        : await deps.users.findByEmail(subject.email);
    if (!user) throw forbidden(UNKNOWN_USER_ERROR);
    if (user.status !== 'active') throw forbidden(DISABLED_USER_ERROR);
    if (subject.kind === 'user-id' && subject.signedOut) {
      reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      throw unauthorized(SIGNED_OUT_ERROR);
    }
    request.user = {
      id: user.id,
      organisationId: user.organisation_id,
      name: user.name,
      email: user.email,
      role: user.role,
    };
  };
}
