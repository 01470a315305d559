import { sql, type CreateTableBuilder } from 'kysely';
import type { Dialect } from './database.js';

/**
 * The few places where SQLite and PostgreSQL differ in DDL. Timestamps are ISO-8601 text in UTC
 * on both, so they sort and compare the same way everywhere.
 */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: Dialect,
): CreateTableBuilder<T, 'id'> {
  return table.addColumn('id', 'integer', (col) =>
    dialect === 'postgres'
      ? col.primaryKey().generatedByDefaultAsIdentity()
      : col.primaryKey().autoIncrement(),
  );
}

export const nowIso = () => new Date().toISOString();

/** Case-insensitive uniqueness for e-mail addresses, identical on both dialects. */
export const lowerIndexExpression = (column: string) => sql`lower(${sql.ref(column)})`;
