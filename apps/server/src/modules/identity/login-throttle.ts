import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * Slowing down password guessing: after `freeFailures` consecutive failures a key (an account
 * or an address) is blocked for a delay that doubles with each further failure, up to
 * `maxDelaySeconds`. Failures older than `forgetAfterSeconds` are forgotten. Kept in the
 * database so that every server instance sees the same counts.
 */
export interface ThrottlePolicy {
  freeFailures: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  forgetAfterSeconds: number;
}

export const ACCOUNT_POLICY: ThrottlePolicy = {
  freeFailures: 5,
  baseDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 60 * 60,
};

/** More lenient: many people can sit behind one address. */
export const ADDRESS_POLICY: ThrottlePolicy = {
  freeFailures: 20,
  baseDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 60 * 60,
};

export interface ThrottleState {
  failures: number;
  /** Epoch milliseconds. */
  lastFailureAt: number;
  blockedUntil: number;
}

/** Pure: the state after one more failure at `now`. */
export function afterFailure(
  state: ThrottleState | undefined,
  now: number,
  policy: ThrottlePolicy,
): ThrottleState {
  const forgotten = !state || now - state.lastFailureAt > policy.forgetAfterSeconds * 1000;
  const failures = (forgotten ? 0 : state.failures) + 1;
  const over = failures - policy.freeFailures;
  const delaySeconds =
    over < 0 ? 0 : Math.min(policy.maxDelaySeconds, policy.baseDelaySeconds * 2 ** over);
  return { failures, lastFailureAt: now, blockedUntil: now + delaySeconds * 1000 };
}

/** Pure: whole seconds until the key may try again (0 when it may now). */
export function secondsBlocked(state: ThrottleState | undefined, now: number): number {
  if (!state || state.blockedUntil <= now) return 0;
  return Math.ceil((state.blockedUntil - now) / 1000);
}

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `address:${ip}`;

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export function createLoginThrottle(db: Kysely<DB>) {
  async function read(key: string, executor: Kysely<DB> = db): Promise<ThrottleState | undefined> {
    const row = await executor
      .selectFrom('login_throttles')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      failures: row.failures,
      lastFailureAt: Date.parse(row.last_failure_at),
      blockedUntil: Date.parse(row.blocked_until),
    };
  }

  return {
    /** Seconds the longest-blocked of `keys` must still wait. */
    async secondsBlocked(keys: string[], now: number): Promise<number> {
      const states = await Promise.all(keys.map((key) => read(key)));
      return Math.max(0, ...states.map((state) => secondsBlocked(state, now)));
    },

    async recordFailure(key: string, policy: ThrottlePolicy, now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const next = afterFailure(await read(key, trx), now, policy);
        const values = {
          failures: next.failures,
          last_failure_at: new Date(next.lastFailureAt).toISOString(),
          blocked_until: new Date(next.blockedUntil).toISOString(),
        };
        await trx
          .insertInto('login_throttles')
          .values({ key, ...values })
          .onConflict((conflict) => conflict.column('key').doUpdateSet(values))
          .execute();
      });
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('login_throttles').where('key', '=', key).execute();
    },
  };
}
