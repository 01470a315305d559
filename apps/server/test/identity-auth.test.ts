import { generateKeyPairSync } from 'node:crypto';
import Fastify, { type RouteOptions } from 'fastify';
import { exportJWK, importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, serverOptions } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createKeyStore } from '../src/idp/key-store.js';
import { createUsersRepository } from '../src/modules/users/repository.js';
import {
  createAuth0Verifier,
  IDENTITY_PROVIDER_UNAVAILABLE,
  TokenRejected,
} from '../src/modules/identity/token-verifier.js';
import { HttpError } from '../src/errors.js';
import { createTestDatabase, testEnv } from './helpers/database.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, mintAccessToken } from './helpers/auth.js';
import { isUniqueViolation } from '../src/lib/database-errors.js';

/**
 * The real app plus one probe route inside an /api scope guarded exactly like
 * modules/index.ts guards it, so that the authenticate hook is exercised on its own.
 */
async function buildProbeApp(): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig(testEnv(database));
  const fastify = Fastify(serverOptions(config));
  const routes: RouteOptions[] = [];
  fastify.addHook('onRoute', (route) => {
    routes.push(route);
  });
  await fastify.register(app, { config });
  await fastify.register(
    async (api) => {
      api.addHook('onRequest', api.authenticate);
      api.get('/probe', async (request) => request.user);
    },
    { prefix: '/api' },
  );
  await fastify.ready();
  return {
    app: fastify,
    config,
    database,
    routes,
    async close() {
      await fastify.close();
      await database.drop();
    },
  };
}

const probe = (t: TestApp, authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/probe',
    headers: authorization === undefined ? {} : { authorization },
  });

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('API authentication (embedded provider tokens)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildProbeApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets a valid token through and sets request.user', async () => {
    const operator = await createOperator(t, { name: 'Ada Operator', organisationName: 'Acme' });
    const res = await probe(t, operator.headers.authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: operator.userId,
      organisationId: operator.organisationId,
      name: 'Ada Operator',
      email: operator.email,
      // The helper's user is its organisation's first, so its admin (modules/access).
      role: 'admin',
    });
  });

  it('answers 401 without a token', async () => {
    const res = await probe(t);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: expect.stringContaining('Sign-in required') });
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('answers 401 for a header that is not a bearer token', async () => {
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a b', 'token']) {
      const res = await probe(t, header);
      expect(res.statusCode, header).toBe(401);
    }
  });

  it('answers 401 for an expired token', async () => {
    const operator = await createOperator(t);
    const token = await mintAccessToken(t, { subject: String(operator.userId), expiresIn: -120 });
    const res = await probe(t, `Bearer ${token}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Access token expired.' });
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('tolerates a few seconds of clock skew', async () => {
    const operator = await createOperator(t);
    const token = await mintAccessToken(t, { subject: String(operator.userId), expiresIn: -5 });
    expect((await probe(t, `Bearer ${token}`)).statusCode).toBe(200);
  });

  it('answers 401 for a tampered token', async () => {
    const operator = await createOperator(t);
    const other = await createOperator(t);
    const token = operator.headers.authorization.slice('Bearer '.length);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
    const forged = `${header}.${base64url({ ...claims, sub: String(other.userId) })}.${signature}`;
    const res = await probe(t, `Bearer ${forged}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid access token.' });
  });

  it('answers 401 for a wrong audience or a wrong issuer', async () => {
    const operator = await createOperator(t);
    const subject = String(operator.userId);
    const wrongAudience = await mintAccessToken(t, {
      subject,
      audience: 'http://localhost:3000/other-api',
    });
    const wrongIssuer = await mintAccessToken(t, { subject, issuer: 'http://evil.example/idp/' });
    for (const token of [wrongAudience, wrongIssuer]) {
      const res = await probe(t, `Bearer ${token}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Invalid access token.' });
    }
  });

  it('answers 401 for an unsigned (alg: none) token', async () => {
    const operator = await createOperator(t);
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({
      sub: String(operator.userId),
      iss: t.config.identity.issuer,
      aud: t.config.identity.audience,
      iat: now,
      exp: now + 600,
    })}.`;
    const res = await probe(t, `Bearer ${unsigned}`);
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 for a token signed with another key under our key id', async () => {
    const operator = await createOperator(t);
    const [ours] = await createKeyStore(t.app.database).signingKeys();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: ours?.kid })
      .setSubject(String(operator.userId))
      .setIssuer(t.config.identity.issuer)
      .setAudience(t.config.identity.audience)
      .setExpirationTime('10m')
      .sign(privateKey);
    expect((await probe(t, `Bearer ${token}`)).statusCode).toBe(401);
  });

  it('answers 401 for an HS256 token keyed with our public key (algorithm confusion)', async () => {
    const operator = await createOperator(t);
    const [publicKey] = await createKeyStore(t.app.database).publicKeys();
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', kid: publicKey?.kid })
      .setSubject(String(operator.userId))
      .setIssuer(t.config.identity.issuer)
      .setAudience(t.config.identity.audience)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(JSON.stringify(publicKey)));
    expect((await probe(t, `Bearer ${token}`)).statusCode).toBe(401);
  });

  it('answers 403 for a valid token of an unknown user', async () => {
    const token = await mintAccessToken(t, { subject: '987654' });
    const res = await probe(t, `Bearer ${token}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'This account is not authorised to use this product.' });
  });

  it('answers 403 for a disabled user, and lets them in again once enabled', async () => {
    const operator = await createOperator(t, { status: 'disabled' });
    const res = await probe(t, operator.headers.authorization);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'This account is disabled.' });
    await createUsersRepository(t.app.database.db).setStatus(operator.userId, 'active');
    expect((await probe(t, operator.headers.authorization)).statusCode).toBe(200);
  });

  it('keeps e-mail addresses unique regardless of case', async () => {
    const operator = await createOperator(t, { email: 'Grace@Example.com' });
    const users = createUsersRepository(t.app.database.db);
    const error = await users
      .create({ organisationId: operator.organisationId, name: 'Copy', email: 'grace@example.COM' })
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    expect((await users.findByEmail(' GRACE@example.com '))?.id).toBe(operator.userId);
  });

  it('signs with one persisted key whatever the number of key stores', async () => {
    const first = await createKeyStore(t.app.database).signingKeys();
    const second = await createKeyStore(t.app.database).signingKeys();
    expect(first.map((key) => key.kid)).toEqual(second.map((key) => key.kid));
    expect(first[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
  });
});

describe('Auth0 token verification', () => {
  const identity = loadConfig({
    AUTH_DOMAIN: 'brezza-test.eu.auth0.com',
    AUTH_CLIENT_ID: 'client',
    AUTH_AUDIENCE: 'https://api.brezza.test',
  }).identity;
  let privateJwk: JWK;
  let publicJwk: JWK;

  beforeAll(async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    privateJwk = { ...(await exportJWK(privateKey)), kid: 'tenant-key' };
    publicJwk = { ...(await exportJWK(publicKey)), kid: 'tenant-key', alg: 'RS256', use: 'sig' };
  });

  const tenantToken = async (claims: { iss?: string; aud?: string } = {}) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'tenant-key' })
      .setSubject('auth0|abc')
      .setIssuer(claims.iss ?? identity.issuer)
      .setAudience([claims.aud ?? identity.audience, `${identity.issuer}userinfo`])
      .setExpirationTime('10m')
      .sign(await importJWK(privateJwk, 'RS256'));

  /** Stands in for the tenant's JWKS and /userinfo endpoints. */
  function tenant(profile: object) {
    const calls: string[] = [];
    const fetchImpl = (async (input: string | URL) => {
      const url = String(input);
      calls.push(url);
      if (url === `${identity.issuer}.well-known/jwks.json`) {
        return Response.json({ keys: [publicJwk] });
      }
      if (url === `${identity.issuer}userinfo`) return Response.json(profile);
      return new Response('not found', { status: 404 });
    }) as typeof fetch;
    return { fetchImpl, calls };
  }

  it('reads the verified e-mail from /userinfo once per subject', async () => {
    const { fetchImpl, calls } = tenant({ email: 'ada@example.com', email_verified: true });
    const verify = createAuth0Verifier(identity, fetchImpl);
    const token = await tenantToken();
    expect(await verify(token)).toEqual({ kind: 'email', email: 'ada@example.com' });
    expect(await verify(token)).toEqual({ kind: 'email', email: 'ada@example.com' });
    expect(calls.filter((url) => url.endsWith('/userinfo'))).toHaveLength(1);
  });

  it('answers 503 and logs the cause when the tenant /userinfo or key set is down, never 401', async () => {
    const logged: string[] = [];
    const log = (error: unknown, message: string) => logged.push(`${message}: ${String(error)}`);
    const down = (async (input: string | URL) => {
      const url = String(input);
      if (url.endsWith('/.well-known/jwks.json')) return Response.json({ keys: [publicJwk] });
      return new Response('upstream error', { status: 502 });
    }) as typeof fetch;
    const unreachable = (async (input: string | URL) => {
      const url = String(input);
      if (url.endsWith('/.well-known/jwks.json')) return Response.json({ keys: [publicJwk] });
      throw new TypeError('fetch failed: ECONNREFUSED');
    }) as typeof fetch;
    const keysDown = (async () => new Response('upstream error', { status: 503 })) as typeof fetch;
    for (const fetchImpl of [down, unreachable, keysDown]) {
      const verify = createAuth0Verifier(identity, fetchImpl, log);
      const error = await verify(await tenantToken()).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 503, message: IDENTITY_PROVIDER_UNAVAILABLE });
    }
    expect(logged).toEqual([
      expect.stringContaining('answered 502'),
      expect.stringContaining('ECONNREFUSED'),
      expect.stringContaining('key set'),
    ]);
  });

  it('refuses an unverified e-mail as forbidden', async () => {
    const { fetchImpl } = tenant({ email: 'ada@example.com', email_verified: false });
    const verify = createAuth0Verifier(identity, fetchImpl);
    const error = await verify(await tenantToken()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TokenRejected);
    expect((error as TokenRejected).reason).toBe('forbidden');
  });

  it('refuses tokens of another tenant or another API', async () => {
    const { fetchImpl } = tenant({ email: 'ada@example.com', email_verified: true });
    const verify = createAuth0Verifier(identity, fetchImpl);
    for (const token of [
      await tenantToken({ iss: 'https://other.eu.auth0.com/' }),
      await tenantToken({ aud: 'https://other-api.example' }),
    ]) {
      const error = await verify(token).catch((caught: unknown) => caught);
      expect((error as TokenRejected).reason).toBe('invalid');
    }
  });
});

describe('with an Auth0 tenant configured', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      AUTH_DOMAIN: 'brezza-test.eu.auth0.com',
      AUTH_CLIENT_ID: 'tenant-client',
      AUTH_AUDIENCE: 'https://api.brezza.test',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('does not mount the embedded provider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/idp/authorize' });
    expect(res.statusCode).toBe(404);
  });
});
