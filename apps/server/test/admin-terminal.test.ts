import { describe, expect, it } from 'vitest';
import { terminalSafe } from '../src/admin-command.js';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/database.js';
import { useAdminDatabase } from './helpers/admin.js';

// Anything a terminal would act on rather than show.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('admin commands print user text escaped', () => {
  const setup = useAdminDatabase();

  it('escapes control characters of a stranger-supplied name in list-access-requests', async () => {
    // Written straight to the table (after a first run has created it), as an older server or
    // another path may have stored it.
    await setup.run('list-access-requests');
    const database = createDatabase(loadConfig(setup.env).database);
    await database.db
      .insertInto('access_requests')
      .values({
        name: 'Eve\u001b[2J\u001b[31mRED\u0007\r\nID 99  approved\u202eevil',
        email: 'eve\u001b]0;title\u0007@example.com',
        password_hash: 'x',
        status: 'pending',
        created_at: new Date().toISOString(),
        decided_at: null,
      })
      .execute();
    await database.close();

    const result = await setup.run('list-access-requests');
    expect(result.code).toBe(0);
    for (const line of result.out.split('\n')) expect(line).not.toMatch(CONTROL);
    expect(result.out.split('\n')).toHaveLength(2);
    expect(result.out).toContain(
      'Eve\\x1B[2J\\x1B[31mRED\\x07\\x0D\\x0AID 99  approved\\u202Eevil',
    );
    expect(result.out).toContain('eve\\x1B]0;title\\x07@example.com');
  });

  it('escapes what a command echoes back from its arguments', async () => {
    const result = await setup.run('no-such-\u001b[31mcommand');
    expect(result.err).toContain('Unknown command "no-such-\\x1B[31mcommand".');
    for (const line of result.err.split('\n')) expect(line).not.toMatch(CONTROL);
  });

  it('leaves ordinary text, accents and emoji alone', () => {
    expect(terminalSafe('Zoë Ødegård <zoe@example.com> 🌬️')).toBe(
      'Zoë Ødegård <zoe@example.com> 🌬️',
    );
  });
});
