import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { createUsersRepository } from '../users/repository.js';
import { seedDemoHierarchy } from '../hierarchy/demo-data.js';

export const DEMO_ORGANISATION_NAME = 'Demo Organisation';

export interface DemoOperator {
  name: string;
  email: string;
  passwordHash: string;
}

/**
 * Fills the demo organisation created on a fresh development database. Runs inside the seeding
 * transaction (`db` is that transaction): a failure leaves no half-seeded organisation.
 */
export async function seedDemoOrganisation(
  db: Kysely<DB>,
  organisationId: number,
  operator: DemoOperator,
): Promise<void> {
  await createUsersRepository(db).create({
    organisationId,
    name: operator.name,
    email: operator.email,
    passwordHash: operator.passwordHash,
  });
  await seedDemoHierarchy(db, organisationId);
  // A literal: SQLite's driver binds no booleans. The demo holds Platino as demo data (issue 14):
  // a newcomer sees every feature.
  await db
    .updateTable('organisations')
    .set({ demo: sql<boolean>`true`, plan: 'platino' })
    .where('id', '=', organisationId)
    .execute();
}
