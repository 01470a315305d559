import type { Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { foundation } from './2026-11-21-0001-foundation.js';

/**
 * Every migration, listed explicitly and named by date. A landed migration is never edited:
 * change the schema with a new one.
 */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '2026-11-21-0001-foundation': foundation(dialect),
  };
}
