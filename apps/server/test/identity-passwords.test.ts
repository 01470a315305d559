import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_REQUESTS_PATH, PASSWORD_RESETS_PATH } from '@brezza/contract';
import { buildApp } from '../src/app.js';
import { createUsersRepository } from '../src/modules/users/repository.js';
import { hashPassword } from '../src/modules/identity/passwords.js';
import { SqlAdapter } from '../src/idp/sql-adapter.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator } from './helpers/auth.js';

/** The links in the mails written to the outbox so far, oldest first. */
function outboxLinks(dataDir: string): Array<{ to: string; link: string }> {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => {
      const raw = fs.readFileSync(path.join(dir, name), 'utf8');
      const text = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return {
        to: /^To: (.+)$/m.exec(raw)?.[1] ?? '',
        link: /(http:\/\/\S+\/idp\/password\?token=[\w-]+)/.exec(text)?.[1] ?? '',
      };
    });
}

async function eventually<T>(read: () => T | Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not met');
}

const form = (values: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
  payload: new URLSearchParams(values).toString(),
});

describe('password links, resets and access requests', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: unknown, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });

  it('answers a reset request the same way whether the e-mail has an account or not', async () => {
    await createOperator(t, { email: 'known@example.com', name: 'Known' });
    const known = await post(PASSWORD_RESETS_PATH, { email: 'known@example.com' }, '10.0.1.1');
    const unknown = await post(PASSWORD_RESETS_PATH, { email: 'nobody@example.com' }, '10.0.1.1');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    const mails = await eventually(
      () => outboxLinks(t.config.dataDir),
      (list) => list.some((mail) => mail.to === 'known@example.com'),
    );
    expect(mails.filter((mail) => mail.to === 'nobody@example.com')).toEqual([]);
  });

  it('rejects an invalid e-mail with a message naming it', async () => {
    const res = await post(PASSWORD_RESETS_PATH, { email: 'not-an-email' }, '10.0.2.1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Enter a valid e-mail address.' });
  });

  it('limits how often one address may call', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push(
        (await post(PASSWORD_RESETS_PATH, { email: 'x@example.com' }, '10.0.3.1')).statusCode,
      );
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const limited = await post(PASSWORD_RESETS_PATH, { email: 'x@example.com' }, '10.0.3.1');
    expect(limited.json()).toEqual({ error: expect.stringContaining('Too many requests') });
  });

  it('resets a password once with the mailed link and ends every session of the user', async () => {
    const operator = await createOperator(t, { email: 'reset@example.com', name: 'Reset Me' });
    const users = createUsersRepository(t.app.database.db);
    await users.setPasswordHash(operator.userId, await hashPassword('old password 1'));
    const session = new SqlAdapter('Session', t.app.database.db);
    await session.upsert('session-of-reset', { accountId: String(operator.userId) }, 600);

    await post(PASSWORD_RESETS_PATH, { email: 'RESET@example.com' }, '10.0.4.1');
    const mail = await eventually(
      () => outboxLinks(t.config.dataDir).find((entry) => entry.to === 'reset@example.com'),
      (entry) => entry !== undefined,
    );
    const url = new URL(mail!.link);
    expect(url.origin).toBe('http://localhost:3000');

    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Choose a new password');
    expect(page.body).toContain('reset@example.com');

    const token = url.searchParams.get('token')!;
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/idp/password',
      ...form({ token, password: 'new password 1', confirmation: 'new password 2' }),
    });
    expect(mismatch.body).toContain('The two passwords do not match.');

    const saved = await t.app.inject({
      method: 'POST',
      url: '/idp/password',
      ...form({ token, password: 'new password 1', confirmation: 'new password 1' }),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('Password saved');
    expect(await session.find('session-of-reset')).toBeUndefined();

    const reused = await t.app.inject({
      method: 'POST',
      url: '/idp/password',
      ...form({ token, password: 'new password 3', confirmation: 'new password 3' }),
    });
    expect(reused.body).toContain('This link has expired');
    const user = await users.findById(operator.userId);
    const { checkPassword } = await import('../src/modules/identity/passwords.js');
    expect(await checkPassword(user!.password_hash, 'new password 1')).toBe(true);
    expect(user!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('answers an unknown link with the expired-link page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/idp/password?token=nothing' });
    expect(res.body).toContain('Send me a new link');
  });

  it('stores an access request with a hashed password, answering 202 either way', async () => {
    const body = { name: 'New Person', email: 'new@example.com', password: 'a long password' };
    const first = await post(ACCESS_REQUESTS_PATH, body, '10.0.5.1');
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ status: 'accepted' });
    const rows = await eventually(
      () =>
        t.app.database.db
          .selectFrom('access_requests')
          .selectAll()
          .where('email', '=', 'new@example.com')
          .execute(),
      (list) => list.length === 1,
    );
    expect(rows[0]).toMatchObject({ name: 'New Person', status: 'pending' });
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);

    const invalid = await post(ACCESS_REQUESTS_PATH, { ...body, password: 'short' }, '10.0.5.1');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ error: 'Password must be at least 8 characters.' });
  });
});

describe('the demo organisation on first start', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds a demo operator, prints the credentials and keeps them in a private file', async () => {
    const notes = t.app.startupNotes.join('\n');
    const email = /e-mail:\s+(\S+)/.exec(notes)?.[1];
    const password = /password:\s+(\S+)/.exec(notes)?.[1];
    expect(email).toBe('demo@example.com');
    expect(password).toMatch(/^\S{16}$/);
    const organisations = await t.app.database.db.selectFrom('organisations').selectAll().execute();
    expect(organisations.map((organisation) => organisation.name)).toEqual(['Demo Organisation']);

    const file = path.join(t.config.dataDir, 'demo-credentials.txt');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const restarted = await buildApp({ config: t.config });
    try {
      expect(restarted.startupNotes.join('\n')).toContain(`password: ${password}`);
      const again = await restarted.database.db.selectFrom('organisations').selectAll().execute();
      expect(again).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });
});

describe('in production mode', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ NODE_ENV: 'production', ALLOW_LOCAL_CHECKOUT: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds nothing and prints no credentials', async () => {
    expect(t.app.startupNotes.join('\n')).not.toContain('password');
    const organisations = await t.app.database.db.selectFrom('organisations').selectAll().execute();
    expect(organisations).toEqual([]);
  });
});
