import type { Kysely, Migration } from 'kysely';

/**
 * Monthly executive reports (issue 14): one row per organisation and month, inserted before the
 * mail is sent. Its primary key is the claim: whichever instance inserts it sends the mail, so
 * two instances on one database, or a restart, never send a month twice.
 */
export function reportMailings(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('report_mailings')
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('month', 'varchar(7)', (col) => col.notNull())
        .addColumn('claimed_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('sent_at', 'varchar(32)')
        .addColumn('recipients', 'text', (col) => col.notNull())
        .addColumn('error', 'text')
        .addPrimaryKeyConstraint('report_mailings_pkey', ['organisation_id', 'month'])
        .execute();
    },
  };
}
