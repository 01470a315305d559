import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { randomToken } from '../../lib/secrets.js';

export type PasswordLinkPurpose = 'set' | 'reset';

/** A reset link is valid for an hour; a first set-password link for a week. */
export const LINK_LIFETIME_SECONDS: Record<PasswordLinkPurpose, number> = {
  reset: 60 * 60,
  set: 7 * 24 * 60 * 60,
};

/** Path of the page that sets a password from a link (served by the embedded provider). */
export const SET_PASSWORD_PATH = '/idp/password';

export const hashLinkSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function passwordLinkUrl(publicUrl: string, secret: string): string {
  return `${publicUrl}${SET_PASSWORD_PATH}?token=${encodeURIComponent(secret)}`;
}

export interface ValidLink {
  userId: number;
  purpose: PasswordLinkPurpose;
}

export type PasswordLinks = ReturnType<typeof createPasswordLinks>;

/**
 * Single-use password links. Only a hash of each link's secret is stored; a new link replaces
 * every unused older one of the same user.
 */
export function createPasswordLinks(db: Kysely<DB>) {
  return {
    /** The secret to put in the link; the caller turns it into a URL. */
    async issue(userId: number, purpose: PasswordLinkPurpose, now = Date.now()): Promise<string> {
      const secret = randomToken(32);
      const createdAt = new Date(now).toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('password_tokens')
          .set({ used_at: createdAt })
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('password_tokens')
          .values({
            user_id: userId,
            token_hash: hashLinkSecret(secret),
            purpose,
            expires_at: new Date(now + LINK_LIFETIME_SECONDS[purpose] * 1000).toISOString(),
            used_at: null,
            created_at: createdAt,
          })
          .execute();
      });
      return secret;
    },

    /** The link's user when it is unused and unexpired; the link stays usable. */
    async peek(secret: string, now = Date.now()): Promise<ValidLink | undefined> {
      const row = await db
        .selectFrom('password_tokens')
        .select(['user_id', 'purpose'])
        .where('token_hash', '=', hashLinkSecret(secret))
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date(now).toISOString())
        .executeTakeFirst();
      return row && { userId: row.user_id, purpose: row.purpose };
    },

    /**
     * Uses the link up, atomically: of two concurrent submissions only one gets the user.
     * Pass a transaction to tie it to the password change.
     */
    async consume(
      secret: string,
      executor: Kysely<DB> = db,
      now = Date.now(),
    ): Promise<ValidLink | undefined> {
      const link = await executor
        .selectFrom('password_tokens')
        .select(['id', 'user_id', 'purpose'])
        .where('token_hash', '=', hashLinkSecret(secret))
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date(now).toISOString())
        .executeTakeFirst();
      if (!link) return undefined;
      const result = await executor
        .updateTable('password_tokens')
        .set({ used_at: new Date(now).toISOString() })
        .where('id', '=', link.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      return { userId: link.user_id, purpose: link.purpose };
    },
  };
}
