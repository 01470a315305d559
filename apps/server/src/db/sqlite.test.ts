import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { ImmediateSqliteDialect, openSqlite } from './sqlite.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-sqlite-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('takes the write lock when a transaction begins, so a read-then-write one cannot go stale', async () => {
  const file = path.join(dir, 'lock.db');
  const db = new Kysely<Record<string, never>>({
    dialect: new ImmediateSqliteDialect({ database: openSqlite(file) }),
  });
  await sql`create table t (n integer)`.execute(db);
  const other = openSqlite(file);
  other.pragma('busy_timeout = 0');
  await db.transaction().execute(async (trx) => {
    await sql`select count(*) from t`.execute(trx);
    // The other connection (the ingest worker's, in the app) cannot commit in between.
    expect(() => other.exec('insert into t values (1)')).toThrow(/locked|busy/i);
    await sql`insert into t values (2)`.execute(trx);
  });
  other.exec('insert into t values (3)');
  other.close();
  await db.destroy();
});
