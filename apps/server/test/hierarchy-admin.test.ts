import { describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.js';
import { loadConfig } from '../src/config.js';
import { useAdminDatabase } from './helpers/admin.js';

describe('admin generate-organisation', () => {
  const setup = useAdminDatabase();
  const { run } = setup;

  const count = async (table: 'servers' | 'racks', organisationId: number) => {
    const db = createDatabase(loadConfig(setup.env).database);
    try {
      const rows = await db.db
        .selectFrom(table)
        .select('id')
        .where('organisation_id', '=', organisationId)
        .execute();
      return rows.length;
    } finally {
      await db.close();
    }
  };

  it('creates an organisation filled with servers in a hierarchy', async () => {
    const result = await run('generate-organisation', '--name', 'Bench', '--servers', '500');
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const id = Number(/^Organisation (\d+) \(Bench\)/.exec(result.out)?.[1]);
    expect(result.out).toContain('13 racks and 500 servers');
    expect(await count('servers', id)).toBe(500);

    const more = await run('generate-organisation', '--into', 'bench', '--servers', '40');
    expect(more.code).toBe(0);
    expect(await count('servers', id)).toBe(540);
    expect(await count('racks', id)).toBe(14);
  });

  it('refuses bad flags and unknown organisations', async () => {
    expect((await run('generate-organisation', '--servers', '5')).code).toBe(2);
    expect((await run('generate-organisation', '--name', 'A', '--into', '1')).code).toBe(2);
    expect((await run('generate-organisation', '--name', 'B', '--servers', 'many')).code).toBe(2);
    expect(
      (await run('generate-organisation', '--name', 'B', '--servers', '2000000')).err,
    ).toContain('--servers must be at most 1000000.');
    const missing = await run('generate-organisation', '--into', 'Nobody');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('No organisation with id or name "Nobody".');
    expect((await run('generate-organisation', '--name', 'Bench')).code).toBe(1);
  });
});
