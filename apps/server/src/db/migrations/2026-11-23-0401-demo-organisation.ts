import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Marks the seeded demo organisation, whose telemetry is simulated: the pages label its data
 * and the demo agent streams for it. A flag rather than its name, which an operator may change.
 * The demo organisation seeded before this migration is recognised by its seeded name.
 */
export function demoOrganisation(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('organisations')
        .addColumn('demo', 'boolean', (column) => column.notNull().defaultTo(false))
        .execute();
      // A literal `true`: both SQLite (3.23+) and PostgreSQL read it; a bound boolean SQLite won't.
      await sql`update organisations set demo = true where name = ${'Demo Organisation'}`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('organisations').dropColumn('demo').execute();
    },
  };
}
