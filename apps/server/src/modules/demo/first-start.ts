import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { checkPassword, generatePassword, hashPassword } from '../identity/passwords.js';
import { createOrganisationsRepository } from '../organisations/repository.js';
import { createUsersRepository } from '../users/repository.js';
import { DEMO_ORGANISATION_NAME, seedDemoOrganisation } from './seed.js';
import { isUniqueViolation } from '../../lib/database-errors.js';

export const DEMO_OPERATOR = { name: 'Demo Operator', email: 'demo@example.com' };
export const DEMO_CREDENTIALS_FILE = 'demo-credentials.txt';

export interface DemoCredentials {
  email: string;
  password: string;
}

/** Pure: the credentials file's text, and back. */
export function formatCredentials(credentials: DemoCredentials): string {
  return `email: ${credentials.email}\npassword: ${credentials.password}\n`;
}

export function parseCredentials(text: string): DemoCredentials | undefined {
  const email = /^email: (\S+)$/m.exec(text)?.[1];
  const password = /^password: (\S+)$/m.exec(text)?.[1];
  return email && password ? { email, password } : undefined;
}

/** The lines printed at start so that a new user can sign in right away. */
export function demoNotes(credentials: DemoCredentials): string[] {
  return [
    `Demo sign-in (${DEMO_ORGANISATION_NAME}, development only):`,
    `  e-mail:   ${credentials.email}`,
    `  password: ${credentials.password}`,
  ];
}

async function seed(db: Kysely<DB>): Promise<DemoCredentials | undefined> {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  try {
    await db.transaction().execute(async (trx) => {
      const organisation = await createOrganisationsRepository(trx).create({
        name: DEMO_ORGANISATION_NAME,
      });
      await seedDemoOrganisation(trx, organisation.id, { ...DEMO_OPERATOR, passwordHash });
    });
  } catch (error) {
    // Another instance seeded the same empty database a moment earlier.
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
  return { email: DEMO_OPERATOR.email, password };
}

/**
 * On an empty database (never in production) creates the demo organisation and operator and
 * keeps their credentials in `<DATA_DIR>/demo-credentials.txt` (mode 0600), so that later starts
 * print them again while the password still works.
 */
export async function demoOnFirstStart(config: Config, db: Kysely<DB>): Promise<string[]> {
  if (config.production) return [];
  const file = path.join(config.dataDir, DEMO_CREDENTIALS_FILE);
  if ((await createOrganisationsRepository(db).count()) === 0) {
    const credentials = await seed(db);
    if (credentials) {
      await fs.mkdir(config.dataDir, { recursive: true });
      await fs.writeFile(file, formatCredentials(credentials), { mode: 0o600 });
      await fs.chmod(file, 0o600);
      return demoNotes(credentials);
    }
  }
  const saved = parseCredentials(await fs.readFile(file, 'utf8').catch(() => ''));
  if (!saved) return [];
  const user = await createUsersRepository(db).findByEmail(saved.email);
  const stillValid =
    user?.status === 'active' && (await checkPassword(user.password_hash, saved.password));
  return stillValid ? demoNotes(saved) : [];
}
