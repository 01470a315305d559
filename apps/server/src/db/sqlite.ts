import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';

/**
 * Opens a connection to the SQLite file with the settings every connection to it uses: the
 * server's own and the ingest worker's (modules/agent/sample-writer-worker.ts).
 */
export function openSqlite(file: string): SQLite.Database {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // A writer waits for the other connection's transaction instead of failing at once.
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * Kysely's SQLite dialect, except that transactions start with BEGIN IMMEDIATE. Two connections
 * write the file (the server's and the ingest worker's): a transaction begun with a plain BEGIN
 * that reads and then writes fails with SQLITE_BUSY_SNAPSHOT, without waiting, when the other
 * connection committed in between. Taking the write lock at BEGIN makes it wait (busy_timeout).
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
