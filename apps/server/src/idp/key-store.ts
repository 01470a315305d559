import { generateKeyPairSync } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import type { Database } from '../db/database.js';
import { nowIso } from '../db/columns.js';
import { randomToken } from '../lib/secrets.js';

/** An RS256 private key as a JWK, with the `kid` tokens name it by. */
export type SigningJwk = JWK & { kid: string; alg: 'RS256'; use: 'sig' };

export interface KeyStore {
  /** Private signing keys, the active one first; the provider signs with it. */
  signingKeys(): Promise<SigningJwk[]>;
  /** Public halves of every signing key, for verifying access tokens. */
  publicKeys(): Promise<JWK[]>;
  /** Secrets the provider signs its cookies with, the active one first. */
  cookieKeys(): Promise<string[]>;
  /** Drops the cached keys so that keys another instance added are read again. */
  reload(): void;
}

const PUBLIC_MEMBERS = ['kty', 'n', 'e', 'kid', 'alg', 'use'] as const;

export function publicJwk(key: SigningJwk): JWK {
  const result: JWK = {};
  for (const member of PUBLIC_MEMBERS) {
    if (key[member] !== undefined) result[member] = key[member];
  }
  return result;
}

async function newSigningKey(): Promise<string> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk);
  return JSON.stringify({ ...jwk, kid, alg: 'RS256', use: 'sig' });
}

const newCookieKey = async () => randomToken(32);

/**
 * Signing and cookie keys, generated once and kept in the database so that every server
 * instance (and every restart) signs and verifies with the same ones. When two instances start
 * on an empty database at once both insert a key; both then use the oldest, so they agree.
 */
export function createKeyStore(database: Database): KeyStore {
  const { db } = database;
  let signing: Promise<SigningJwk[]> | undefined;
  let cookies: Promise<string[]> | undefined;

  async function load(kind: 'signing' | 'cookie', generate: () => Promise<string>) {
    const read = () =>
      db.selectFrom('idp_keys').select('material').where('kind', '=', kind).orderBy('id').execute();
    let rows = await read();
    if (rows.length === 0) {
      await db
        .insertInto('idp_keys')
        .values({ kind, material: await generate(), created_at: nowIso() })
        .execute();
      rows = await read();
    }
    return rows.map((row) => row.material);
  }

  const store: KeyStore = {
    signingKeys() {
      signing ??= load('signing', newSigningKey).then((materials) =>
        materials.map((material) => JSON.parse(material) as SigningJwk),
      );
      signing.catch(() => (signing = undefined));
      return signing;
    },
    async publicKeys() {
      return (await store.signingKeys()).map(publicJwk);
    },
    cookieKeys() {
      cookies ??= load('cookie', newCookieKey);
      cookies.catch(() => (cookies = undefined));
      return cookies;
    },
    reload() {
      signing = undefined;
      cookies = undefined;
    },
  };
  return store;
}
