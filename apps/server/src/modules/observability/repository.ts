import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export function createObservabilityRepository(db: Kysely<DB>) {
  return {
    async organisation(organisationId: number) {
      const row = await db
        .selectFrom('organisations')
        .select(['id', 'name', 'demo'])
        .where('id', '=', organisationId)
        .executeTakeFirst();
      // SQLite answers 0/1, PostgreSQL a boolean.
      return row && { id: row.id, name: row.name, demo: Boolean(row.demo) };
    },

    async lastSeen(organisationId: number): Promise<{ id: number; lastSeenAt: string }[]> {
      const rows = await db
        .selectFrom('servers')
        .select(['id', 'last_seen_at'])
        .where('organisation_id', '=', organisationId)
        .where('last_seen_at', 'is not', null)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ id: row.id, lastSeenAt: row.last_seen_at! }));
    },
  };
}
