import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.js';

/** Queues an effect (dropping a cache, a notification) to run once the transaction commits. */
export type AfterCommit = (effect: () => void) => void;

/**
 * Runs `work` in a transaction and then, only if it committed, the effects it queued, in order
 * (as atproto's PDS queues notifications until commit). A rolled-back write leaves no trace, and
 * no other request can see a dropped cache rebuilt from rows that are not yet committed.
 */
export async function inTransaction<T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> {
  const effects: (() => void)[] = [];
  const result = await db
    .transaction()
    .execute((trx) => work(trx, (effect) => effects.push(effect)));
  for (const effect of effects) effect();
  return result;
}
