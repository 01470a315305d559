import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import type { UserStatus } from '../../src/db/schema.js';
import { GRANT_ID_CLAIM } from '../../src/idp/configuration.js';
import { createKeyStore } from '../../src/idp/key-store.js';
import { SqlAdapter } from '../../src/idp/sql-adapter.js';
import { createOrganisationsRepository } from '../../src/modules/organisations/repository.js';
import { createUsersRepository } from '../../src/modules/users/repository.js';
import type { TestApp } from './app.js';

export interface OperatorOptions {
  /** Join this organisation; a new one is created when omitted. */
  organisationId?: number;
  organisationName?: string;
  name?: string;
  email?: string;
  status?: UserStatus;
}

export interface Operator {
  userId: number;
  organisationId: number;
  email: string;
  headers: { authorization: string };
}

let sequence = 0;

export interface AccessTokenOptions {
  subject: string;
  issuer?: string;
  audience?: string;
  /** Seconds from now; negative for an already expired token. */
  expiresIn?: number;
  /** The provider grant the token names (a new standing one by default). */
  grantId?: string;
}

/**
 * An access token signed with the embedded provider's persisted key, with its issuer and
 * audience unless told otherwise: the real verification path checks it.
 */
export async function mintAccessToken(t: TestApp, options: AccessTokenOptions): Promise<string> {
  const [key] = await createKeyStore(t.app.database).signingKeys();
  if (!key) throw new Error('no signing key');
  const now = Math.floor(Date.now() / 1000);
  // A standing grant, as the provider keeps one for every signed-in session.
  const grantId = options.grantId ?? randomUUID();
  await new SqlAdapter('Grant', t.app.database.db).upsert(
    grantId,
    { accountId: options.subject, clientId: t.config.identity.clientId },
    3600,
  );
  return new SignJWT({
    client_id: t.config.identity.clientId,
    scope: 'openid profile email',
    [GRANT_ID_CLAIM]: grantId,
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt' })
    .setSubject(options.subject)
    .setIssuer(options.issuer ?? t.config.identity.issuer)
    .setAudience(options.audience ?? t.config.identity.audience)
    .setIssuedAt(now)
    .setJti(randomUUID())
    .setExpirationTime(now + (options.expiresIn ?? 600))
    .sign(await importJWK(key, 'RS256'));
}

/** An operator (and, unless given, an organisation) created through the real repositories. */
export async function createOperator(t: TestApp, options: OperatorOptions = {}): Promise<Operator> {
  sequence += 1;
  const { db } = t.app.database;
  const organisationId =
    options.organisationId ??
    (
      await createOrganisationsRepository(db).create({
        name: options.organisationName ?? `Test Organisation ${sequence}`,
      })
    ).id;
  const user = await createUsersRepository(db).create({
    organisationId,
    name: options.name ?? `Operator ${sequence}`,
    email: options.email ?? `operator-${sequence}-${randomUUID().slice(0, 8)}@example.com`,
    status: options.status ?? 'active',
  });
  const token = await mintAccessToken(t, { subject: String(user.id) });
  return {
    userId: user.id,
    organisationId,
    email: user.email,
    headers: { authorization: `Bearer ${token}` },
  };
}

/** A viewer in the admin's organisation, made one as an admin does (PUT /api/users/{id}/role). */
export async function createViewer(t: TestApp, admin: Operator): Promise<Operator> {
  const viewer = await createOperator(t, { organisationId: admin.organisationId });
  const role = await t.app.inject({
    method: 'PUT',
    url: `/api/users/${viewer.userId}/role`,
    headers: admin.headers,
    payload: { role: 'viewer' },
  });
  if (role.statusCode !== 200) throw new Error(`The viewer role was refused: ${role.body}`);
  return viewer;
}
