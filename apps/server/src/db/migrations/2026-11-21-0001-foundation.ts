import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

export function foundation(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('organisations'), dialect)
        .addColumn('name', 'varchar(255)', (col) => col.notNull())
        .addColumn('grafana_url', 'text')
        .addColumn('tau_url', 'text')
        .addColumn('plan', 'varchar(16)', (col) => col.notNull().defaultTo('none'))
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('organisations').execute();
    },
  };
}
