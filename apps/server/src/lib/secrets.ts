import { createHash, randomBytes } from 'node:crypto';

/**
 * Bearer secrets (app tokens, scrape tokens): 192 random bits behind a recognisable prefix, in
 * URL- and shell-safe characters. Only the SHA-256 is stored; a salt adds nothing to a secret
 * this long, and a plain hash lets a request find its row with one indexed lookup.
 */
export function generateSecret(prefix: string): string {
  return `${prefix}${randomBytes(24).toString('base64url')}`;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** An unguessable value of `bytes` random bytes in URL-safe characters (ids, nonces, keys). */
export function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}
