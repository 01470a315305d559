import {
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  errors,
  jwtVerify,
  type JWTVerifyGetKey,
  type JWTVerifyOptions,
} from 'jose';
import type { IdentitySettings } from '../../config.js';
import { HttpError, serviceUnavailable } from '../../errors.js';
import { GRANT_ID_CLAIM } from '../../idp/configuration.js';
import type { KeyStore } from '../../idp/key-store.js';

/** Who a valid access token speaks for: our user id (embedded) or a verified e-mail (Auth0). */
/**
 * Whose token it is. `signedOut`: well signed, but its grant has ended (sign-out, new password,
 * revocation); the caller still learns whose it was, so that a disabled or unknown account is
 * answered 403 as DESIGN §3 says, and an active one 401 (sign in again).
 */
export type TokenSubject =
  { kind: 'user-id'; userId: number; signedOut?: boolean } | { kind: 'email'; email: string };

export type TokenVerifier = (token: string) => Promise<TokenSubject>;

/** Why a token was refused; `forbidden` means valid but not tied to a usable account. */
export class TokenRejected extends Error {
  constructor(
    readonly reason: 'expired' | 'invalid' | 'forbidden',
    message: string,
  ) {
    super(message);
    this.name = 'TokenRejected';
  }
}

/** Seconds of clock skew tolerated between the provider and this server. */
export const CLOCK_TOLERANCE_SECONDS = 30;

export function verifyOptions(identity: IdentitySettings): JWTVerifyOptions {
  return {
    issuer: identity.issuer,
    audience: identity.audience,
    algorithms: ['RS256'],
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ['sub', 'exp'],
  };
}

async function verifySignature(token: string, getKey: JWTVerifyGetKey, options: JWTVerifyOptions) {
  try {
    return (await jwtVerify(token, getKey, options)).payload;
  } catch (error) {
    // The key set could not be fetched: an outage of the provider, not a bad token.
    if (error instanceof HttpError) throw error;
    if (error instanceof errors.JWTExpired)
      throw new TokenRejected('expired', 'Access token expired.');
    throw new TokenRejected('invalid', 'Invalid access token.');
  }
}

/** Least time between two re-reads of the key table caused by an unknown `kid`. */
const KEY_RELOAD_INTERVAL_MS = 30_000;

/** Message for a well-signed token whose grant has ended (signed out, new password, revoked). */
export const SIGNED_OUT_ERROR = 'This sign-in has ended. Sign in again.';

/**
 * Embedded provider: the keys it signs with are in our database, so no HTTP round trip. Each
 * token names its grant (`gid`); the grant must still stand, checked in the database on every
 * call (one primary-key read, like the user's), so that sign-out, a password reset or a revoked
 * grant ends API access at once on every instance.
 */
export function createEmbeddedVerifier(
  keyStore: KeyStore,
  identity: IdentitySettings,
  grantIsAlive: (grantId: string) => Promise<boolean>,
): TokenVerifier {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  let lastReload = 0;
  const current = () =>
    (keySet ??= keyStore.publicKeys().then((keys) => createLocalJWKSet({ keys })));
  const getKey: JWTVerifyGetKey = async (header, token) => {
    try {
      return await (
        await current()
      )(header, token);
    } catch (error) {
      const now = Date.now();
      if (
        !(error instanceof errors.JWKSNoMatchingKey) ||
        now - lastReload < KEY_RELOAD_INTERVAL_MS
      ) {
        throw error;
      }
      lastReload = now;
      keyStore.reload();
      keySet = undefined;
      return (await current())(header, token);
    }
  };
  const options = verifyOptions(identity);
  return async (token) => {
    const payload = await verifySignature(token, getKey, options);
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) {
      throw new TokenRejected('invalid', 'Invalid access token.');
    }
    const grantId = payload[GRANT_ID_CLAIM];
    const signedOut = typeof grantId !== 'string' || !(await grantIsAlive(grantId));
    return signedOut ? { kind: 'user-id', userId, signedOut } : { kind: 'user-id', userId };
  };
}

export const IDENTITY_PROVIDER_UNAVAILABLE =
  'The sign-in service cannot be reached right now. Try again in a moment.';

interface CachedEmail {
  email: string;
  expiresAt: number;
}

const USERINFO_CACHE_MS = 5 * 60_000;
const USERINFO_CACHE_SIZE = 1000;

/**
 * Auth0 tenant: tokens are checked against the tenant's JWKS. An Auth0 access token carries no
 * e-mail by default, so the e-mail comes from the tenant's /userinfo (called with the same token,
 * which Auth0 issues for both audiences when `openid` is requested), must be verified, and is
 * cached per subject for a few minutes so that only a new subject costs a round trip.
 */
export function createAuth0Verifier(
  identity: IdentitySettings,
  fetchImpl: typeof fetch = fetch,
  logError: (error: unknown, message: string) => void = () => {},
): TokenVerifier {
  const jwksUrl = new URL('.well-known/jwks.json', identity.issuer);
  const remoteKeys = createRemoteJWKSet(jwksUrl, { [customFetch]: fetchImpl });
  // A token whose key the set lacks (or names ambiguously) is refused; a key set that cannot be
  // fetched or read is an outage of the tenant.
  const getKey: JWTVerifyGetKey = async (header, token) => {
    try {
      return await remoteKeys(header, token);
    } catch (error) {
      if (
        error instanceof errors.JWKSNoMatchingKey ||
        error instanceof errors.JWKSMultipleMatchingKeys ||
        error instanceof errors.JOSENotSupported ||
        error instanceof errors.JWSInvalid
      ) {
        throw error;
      }
      logError(error, `identity provider key set ${jwksUrl.href} unavailable`);
      throw serviceUnavailable(IDENTITY_PROVIDER_UNAVAILABLE);
    }
  };
  const userinfoUrl = new URL('userinfo', identity.issuer);
  const options = verifyOptions(identity);
  const cache = new Map<string, CachedEmail>();

  async function emailOf(subject: string, token: string): Promise<string> {
    const cached = cache.get(subject);
    if (cached && cached.expiresAt > Date.now()) return cached.email;
    let response: Response;
    try {
      response = await fetchImpl(userinfoUrl, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      logError(error, `identity provider ${userinfoUrl.href} unreachable`);
      throw serviceUnavailable(IDENTITY_PROVIDER_UNAVAILABLE);
    }
    // The tenant refusing this token is the caller's problem; anything else is an outage.
    if (response.status === 401 || response.status === 403) {
      throw new TokenRejected('invalid', 'Could not read the signed-in user.');
    }
    if (!response.ok) {
      logError(
        new Error(`${userinfoUrl.href} answered ${response.status}`),
        'identity provider /userinfo failed',
      );
      throw serviceUnavailable(IDENTITY_PROVIDER_UNAVAILABLE);
    }
    const profile = (await response.json().catch(() => ({}))) as {
      email?: unknown;
      email_verified?: unknown;
    };
    if (typeof profile.email !== 'string' || profile.email_verified !== true) {
      throw new TokenRejected('forbidden', 'A verified e-mail address is required.');
    }
    if (cache.size >= USERINFO_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(subject, { email: profile.email, expiresAt: Date.now() + USERINFO_CACHE_MS });
    return profile.email;
  }

  return async (token) => {
    const payload = await verifySignature(token, getKey, options);
    return { kind: 'email', email: await emailOf(payload.sub as string, token) };
  };
}
