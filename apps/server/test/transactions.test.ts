import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../src/lib/transactions.js';
import { buildTestApp, type TestApp } from './helpers/app.js';

describe('inTransaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs queued effects in order once the transaction has committed', async () => {
    const seen: string[] = [];
    const answer = await inTransaction(t.app.database.db, async (trx, afterCommit) => {
      afterCommit(() => seen.push('first'));
      await sql`select 1`.execute(trx);
      afterCommit(() => seen.push('second'));
      expect(seen).toEqual([]);
      return 42;
    });
    expect(answer).toBe(42);
    expect(seen).toEqual(['first', 'second']);
  });

  it('drops the effects of a transaction that rolled back', async () => {
    const seen: string[] = [];
    await expect(
      inTransaction(t.app.database.db, async (_trx, afterCommit) => {
        afterCommit(() => seen.push('never'));
        throw new Error('write failed');
      }),
    ).rejects.toThrow('write failed');
    expect(seen).toEqual([]);
  });
});
