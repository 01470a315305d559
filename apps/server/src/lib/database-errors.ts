/** The driver's error code (PostgreSQL's SQLSTATE, better-sqlite3's extended code), if any. */
const codeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

/** True when a write broke a unique index or primary key, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** True when a write named a parent row that does not exist (or no longer does). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
