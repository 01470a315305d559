import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  /** DATABASE_URL for the app, or undefined for SQLite in `dataDir`. */
  url: string | undefined;
  dataDir: string;
  drop(): Promise<void>;
}

/** The environment the app and the admin command need to run quietly on `database`. */
export function testEnv(database: TestDatabase): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: database.dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  };
}

/**
 * A database of its own for one test file: SQLite in a temp directory by default, or a fresh
 * PostgreSQL database on the server named by TEST_DATABASE_URL (CI sets it).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-test-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { url: undefined, dataDir, drop: async () => removeDir() };

  const name = `brezza_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      removeDir();
    },
  };
}
