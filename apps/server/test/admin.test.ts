import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../src/admin.js';
import { useAdminDatabase } from './helpers/admin.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';

describe('the admin command', () => {
  const setup = useAdminDatabase();
  const { run } = setup;
  const authorise = (name: string, email: string, organisation: string) =>
    run('authorise-user', '--name', name, '--email', email, '--organisation', organisation);

  it('prints help, and exits 2 without a command or with an unknown one', async () => {
    expect((await run('help')).code).toBe(0);
    expect((await run('help')).out).toContain('authorise-user');
    expect((await run()).code).toBe(2);
    const unknown = await run('make-coffee');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown command "make-coffee".');
  });

  it('exits 2 for missing, unknown or valueless flags', async () => {
    const missing = await run('create-organisation');
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.err).toContain('--name is required.');
    expect(missing.err).toContain('Usage: npm run admin -- create-organisation --name <name>');
    expect((await run('create-organisation', '--name', 'X', '--colour', 'red')).err).toContain(
      'Unknown flag --colour.',
    );
    expect((await run('create-organisation', '--name')).code).toBe(2);
    expect((await run('create-organisation', 'Acme')).code).toBe(2);
  });

  it('creates, lists and changes organisations, refusing invalid URLs and duplicate names', async () => {
    const created = await run(
      'create-organisation',
      '--name',
      'Acme Cooling',
      '--grafana-url',
      'https://grafana.acme.example',
    );
    expect(created.code).toBe(0);
    const id = /organisation (\d+):/.exec(created.out)?.[1];
    expect(id).toBeDefined();

    const invalid = await run('create-organisation', '--name', 'Other', '--tau-url', 'not a url');
    expect(invalid.code).toBe(2);
    expect(invalid.err).toContain('tau_url must be an absolute http:// or https:// URL');
    const ftp = await run('create-organisation', '--name', 'Other', '--tau-url', 'ftp://x.example');
    expect(ftp.code).toBe(2);

    const duplicate = await run('create-organisation', '--name', 'acme cooling');
    expect(duplicate.code).toBe(1);
    expect(duplicate.err).toContain('An organisation named "Acme Cooling" already exists');

    const set = await run('set-organisation', '--id', id!, '--tau-url', 'https://tau.acme.example');
    expect(set.code).toBe(0);
    expect(set.out).toContain('tau_url: https://tau.acme.example/');
    const cleared = await run('set-organisation', '--id', id!, '--grafana-url=');
    expect(cleared.out).toContain('grafana_url: -');

    expect((await run('set-organisation', '--id', '999', '--name', 'X')).code).toBe(1);
    expect((await run('set-organisation', '--id', 'abc')).code).toBe(2);

    const list = await run('list-organisations');
    expect(list.out).toContain('Acme Cooling');
  });

  it('authorises a user with a mailed single-use link, and refuses bad input', async () => {
    const ok = await authorise('Grace Hopper', 'grace@acme.example', 'Acme Cooling');
    expect(ok.code, ok.err).toBe(0);
    const link = /(http:\/\/localhost:3000\/idp\/password\?token=[\w-]+)/.exec(ok.out)?.[1];
    expect(link).toBeDefined();
    const outbox = fs.readdirSync(path.join(setup.database.dataDir, 'outbox'));
    expect(outbox.length).toBeGreaterThan(0);

    const duplicate = await authorise('Grace Again', 'GRACE@acme.example', 'Acme Cooling');
    expect(duplicate.code).toBe(1);
    expect(duplicate.err).toContain('already exists');

    const badEmail = await authorise('Nobody', 'not-an-email', 'Acme Cooling');
    expect(badEmail.code).toBe(2);
    expect(badEmail.err).toContain('"not-an-email" is not a valid e-mail address.');

    const unknownOrganisation = await authorise('Nobody', 'nobody@acme.example', 'Umbrella');
    expect(unknownOrganisation.code).toBe(1);
    expect(unknownOrganisation.err).toContain('No organisation with id or name "Umbrella"');
  });

  it('lists, disables and enables users', async () => {
    const list = await run('list-users', '--organisation', 'Acme Cooling');
    expect(list.out).toContain('grace@acme.example');
    expect(list.out).toContain('not set');
    expect((await run('disable-user', '--email', 'grace@acme.example')).code).toBe(0);
    expect((await run('list-users')).out).toMatch(/grace@acme\.example.*disabled/);
    expect((await run('enable-user', '--email', 'grace@acme.example')).code).toBe(0);
    const missing = await run('disable-user', '--email', 'ghost@acme.example');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('No user with e-mail ghost@acme.example');
  });

  it('approves and rejects access requests once', async () => {
    expect((await run('list-access-requests')).code).toBe(0);
    const { createDatabase } = await import('../src/db/database.js');
    const { loadConfig } = await import('../src/config.js');
    const db = createDatabase(loadConfig(setup.env).database);
    try {
      for (const email of ['ada@acme.example', 'eve@acme.example']) {
        await db.db
          .insertInto('access_requests')
          .values({
            name: email.split('@')[0]!,
            email,
            password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo',
            status: 'pending',
            created_at: new Date().toISOString(),
            decided_at: null,
          })
          .execute();
      }
    } finally {
      await db.close();
    }
    const pending = await run('list-access-requests');
    const ids = [...pending.out.matchAll(/^(\d+)\s/gm)].map((match) => match[1]!);
    expect(ids).toHaveLength(2);

    const approved = await run(
      'approve-access-request',
      '--id',
      ids[0]!,
      '--organisation',
      'Acme Cooling',
    );
    expect(approved.code, approved.err).toBe(0);
    expect((await run('list-users')).out).toContain('ada@acme.example');
    expect(
      (await run('approve-access-request', '--id', ids[0]!, '--organisation', 'Acme Cooling')).code,
    ).toBe(1);
    expect((await run('reject-access-request', '--id', ids[1]!)).code).toBe(0);
    expect((await run('reject-access-request', '--id', ids[1]!)).err).toContain('already rejected');
    expect((await run('reject-access-request', '--id', '4242')).code).toBe(1);
    expect((await run('list-access-requests')).out).toBe('No access requests.');
    expect((await run('list-access-requests', '--all', 'yes')).out).toContain('approved');
  });

  it('exits 1 with a readable message when the configuration is invalid', async () => {
    const code = await admin(
      ['list-users'],
      { ...setup.env, PORT: 'eighty' },
      {
        out: () => {},
        err: (line) => expect(line).toContain('PORT'),
      },
    );
    expect(code).toBe(1);
  });
});

describe('the admin command with an Auth0 tenant', () => {
  let database: TestDatabase;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    env = {
      NODE_ENV: 'test',
      DATA_DIR: database.dataDir,
      AUTH_DOMAIN: 'brezza-test.eu.auth0.com',
      AUTH_CLIENT_ID: 'tenant-client',
      AUTH_AUDIENCE: 'https://api.brezza.test',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
  });
  afterAll(async () => {
    await database.drop();
  });

  it('authorises users without a password link', async () => {
    const out: string[] = [];
    const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(line) };
    expect(await admin(['create-organisation', '--name', 'Tenant Org'], env, io)).toBe(0);
    const code = await admin(
      [
        'authorise-user',
        '--name',
        'Ada',
        '--email',
        'ada@tenant.example',
        '--organisation',
        'Tenant Org',
      ],
      env,
      io,
    );
    expect(code).toBe(0);
    expect(out.join('\n')).toContain('They sign in through the Auth0 tenant');
    expect(out.join('\n')).not.toContain('/idp/password');
    expect(fs.existsSync(path.join(database.dataDir, 'outbox'))).toBe(false);
  });
});
