import { afterAll, beforeAll } from 'vitest';
import { admin } from '../../src/admin.js';
import { createTestDatabase, testEnv, type TestDatabase } from './database.js';

export interface AdminRun {
  code: number;
  out: string;
  err: string;
}

/** `npm run admin -- ...argv` in process on `env`, with what it printed to each stream. */
export async function runAdmin(env: Record<string, string>, ...argv: string[]): Promise<AdminRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await admin(argv, env, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

export interface AdminDatabase {
  /** Set once the suite's beforeAll has run. */
  database: TestDatabase;
  env: Record<string, string>;
  run(...argv: string[]): Promise<AdminRun>;
}

/** A database of its own for the enclosing suite, and the admin command run on it. */
export function useAdminDatabase(): AdminDatabase {
  const setup = {
    run: (...argv: string[]) => runAdmin(setup.env, ...argv),
  } as AdminDatabase;
  beforeAll(async () => {
    setup.database = await createTestDatabase();
    setup.env = testEnv(setup.database);
  });
  afterAll(async () => {
    await setup.database.drop();
  });
  return setup;
}
