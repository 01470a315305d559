import type { Kysely } from 'kysely';
import { APP_TOKEN_PREFIX, APP_TOKEN_TTL_HOURS, type CreateTokenResponse } from '@brezza/contract';
import type { DB } from '../../db/schema.js';
import { createAppTokensRepository } from './repository.js';
import { generateSecret, hashSecret } from '../../lib/secrets.js';

export interface OnboardingServiceDeps {
  db: Kysely<DB>;
  now?: () => Date;
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;

/** App tokens: made by an operator for the installer command, revoked by staff. */
export function createOnboardingService({ db, now = () => new Date() }: OnboardingServiceDeps) {
  const tokens = createAppTokensRepository(db);
  return {
    /** A new token for the operator's organisation; the only time the token itself exists. */
    async createToken(user: { id: number; organisationId: number }): Promise<CreateTokenResponse> {
      const token = generateSecret(APP_TOKEN_PREFIX);
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + APP_TOKEN_TTL_HOURS * 3_600_000);
      await tokens.insert({
        organisationId: user.organisationId,
        createdBy: user.id,
        tokenHash: hashSecret(token),
        createdAt: createdAt.toISOString(),
        expiresAt: expiresAt.toISOString(),
      });
      return { token, expiresAt: expiresAt.toISOString() };
    },

    /** Revokes by id, or by the token itself when staff were handed it. */
    async revoke(which: { id: number } | { token: string }) {
      const row =
        'id' in which
          ? await tokens.findById(which.id)
          : await tokens.findByHash(hashSecret(which.token));
      if (!row) return { found: false as const };
      const revoked = await tokens.revoke(row.id, now().toISOString());
      return { found: true as const, id: row.id, alreadyRevoked: !revoked };
    },

    list: (filter: { organisationId?: number } = {}) => tokens.list(filter),
  };
}
