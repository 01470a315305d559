import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Recommendation hysteresis (issue 15): a standing proposal is checked again on every run of the
 * twin and kept while nothing clearly better appears. `checked_at` is its last check (its
 * freshness for applying); `created_at` stays when it was first proposed (its hold time).
 */
export function recommendationChecks(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // The default only lets the column be added to the rows that exist; the update below
      // gives each of them its own time, and every new row names one.
      await db.schema
        .alterTable('recommendations')
        .addColumn('checked_at', 'varchar(32)', (col) => col.notNull().defaultTo(''))
        .execute();
      await sql`update recommendations set checked_at = created_at`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('recommendations').dropColumn('checked_at').execute();
    },
  };
}
