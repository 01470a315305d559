import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import type { Config } from '../config.js';
import type { DB } from './schema.js';
import { migrations } from './migrations/index.js';
import { ImmediateSqliteDialect, openSqlite } from './sqlite.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
}

// PostgreSQL answers int8 (COUNT, SUM, bigserial) as strings; our ids and counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function createDatabase(database: Config['database']): Database {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle connection the server ends (a restart, an administrator) is dropped by the pool and
    // the next query opens another; unheard, the pool's error event would stop the process.
    pool.on('error', () => undefined);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const db = new Kysely<DB>({
    dialect: new ImmediateSqliteDialect({ database: openSqlite(database.file) }),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Brings the schema up to date; throws (and so stops start-up) when a migration fails. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations(database.dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error ?? 'unknown error')}`, {
      cause: error,
    });
  }
  return (results ?? []).map((result) => result.migrationName);
}
