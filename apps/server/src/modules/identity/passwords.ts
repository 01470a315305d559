import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Shortest and longest password accepted (the sign-up contract uses the same bounds). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 512;

/** argon2id (the library's default algorithm) with its default, OWASP-recommended costs. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let decoy: Promise<string> | undefined;

/** A stored password hash the library cannot read (damaged row, foreign format). */
export class CorruptPasswordHash extends Error {
  constructor(cause: unknown) {
    super('stored password hash cannot be read', { cause });
    this.name = 'CorruptPasswordHash';
  }
}

/**
 * Checks a password against a stored hash. Without a hash (unknown user, or no password set
 * yet) a decoy hash is checked instead, so that the answer takes as long either way. A stored
 * hash that cannot be read refuses the password and is reported to `onCorrupt` (for the log):
 * it is a damaged account, not a wrong guess.
 */
export async function checkPassword(
  storedHash: string | null,
  password: string,
  onCorrupt: (error: CorruptPasswordHash) => void = () => {},
): Promise<boolean> {
  decoy ??= hash(randomBytes(16).toString('hex'));
  const target = storedHash ?? (await decoy);
  let matches: boolean;
  try {
    matches = await verify(target, password);
  } catch (error) {
    if (storedHash !== null) onCorrupt(new CorruptPasswordHash(error));
    return false;
  }
  return storedHash !== null && matches;
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, confirmation: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  }
  if (password !== confirmation) return 'The two passwords do not match.';
  return null;
}

/** A password for the demo operator: 16 characters from an unambiguous alphabet. */
export function generatePassword(length = 16): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}
