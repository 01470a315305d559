import { pathToFileURL } from 'node:url';
import { runCommand, type AdminCommand, type AdminIo } from './admin-command.js';
import { loadConfig } from './config.js';
import { createDatabase, migrateToLatest } from './db/database.js';
import { accessRequestCommands } from './modules/identity/admin-commands.js';
import { organisationCommands } from './modules/organisations/admin-commands.js';
import { userCommands } from './modules/users/admin-commands.js';
import { hierarchyCommands } from './modules/hierarchy/admin-commands.js';
import { hierarchyBulkCommands } from './modules/hierarchy/bulk/admin-commands.js';
import { onboardingCommands } from './modules/onboarding/admin-commands.js';
import { metricsCommands } from './modules/metrics/admin-commands.js';

/** Every admin command, contributed by the modules (see admin-command.ts). */
export const adminCommands: AdminCommand[] = [
  ...organisationCommands,
  ...userCommands,
  ...accessRequestCommands,
  ...hierarchyCommands,
  ...hierarchyBulkCommands,
  ...onboardingCommands,
  ...metricsCommands,
];

/**
 * `npm run admin -- <command> [--flags]`: staff operations on the same database (DATA_DIR or
 * DATABASE_URL) and configuration as the server. Exit codes: 0 ok, 1 failure, 2 usage.
 */
export async function admin(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: AdminIo,
): Promise<number> {
  return runCommand(
    adminCommands,
    argv,
    async () => {
      const config = loadConfig(env);
      const database = createDatabase(config.database);
      try {
        await migrateToLatest(database);
      } catch (error) {
        await database.close();
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Could not open the database: ${reason}`, { cause: error });
      }
      return { config, database, close: () => database.close() };
    },
    io,
  );
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  admin(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
