import { PostgresAdapter, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, LoginThrottlesTable } from '../../db/schema.js';

/**
 * Slowing down password guessing: after `freeFailures` consecutive failures a key is blocked for
 * a delay that doubles with each further failure, up to `maxDelaySeconds`. Failures older than
 * `forgetAfterSeconds` are forgotten. Kept in the database so that every server instance sees
 * the same counts.
 */
export interface ThrottlePolicy {
  freeFailures: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  forgetAfterSeconds: number;
}

/**
 * One account guessed from one address: the guesser is blocked here, while the same account
 * from any other address is not, so that nobody can lock the real user out.
 */
export const PAIR_POLICY: ThrottlePolicy = {
  freeFailures: 5,
  baseDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 60 * 60,
};

/** One address guessing many accounts; lenient, many people can sit behind one address. */
export const ADDRESS_POLICY: ThrottlePolicy = {
  freeFailures: 20,
  baseDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 60 * 60,
};

/**
 * One account guessed from many addresses: a slow-down, never a lock-out (at most a minute), and
 * skipped for an address the account signed in from before.
 */
export const ACCOUNT_POLICY: ThrottlePolicy = {
  freeFailures: 30,
  baseDelaySeconds: 1,
  maxDelaySeconds: 60,
  forgetAfterSeconds: 60 * 60,
};

/** How long an address the account signed in from stays exempt from the account slow-down. */
export const KNOWN_ADDRESS_DAYS = 30;

export interface ThrottleState {
  failures: number;
  /** Epoch milliseconds. */
  lastFailureAt: number;
  blockedUntil: number;
}

/** How long `failures` consecutive failures block a key, in seconds. */
function delaySeconds(failures: number, policy: ThrottlePolicy): number {
  const over = failures - policy.freeFailures;
  return over < 0 ? 0 : Math.min(policy.maxDelaySeconds, policy.baseDelaySeconds * 2 ** over);
}

/** Pure: the state after one more failure at `now`. */
export function afterFailure(
  state: ThrottleState | undefined,
  now: number,
  policy: ThrottlePolicy,
): ThrottleState {
  const forgotten = !state || now - state.lastFailureAt > policy.forgetAfterSeconds * 1000;
  const failures = (forgotten ? 0 : state.failures) + 1;
  return {
    failures,
    lastFailureAt: now,
    blockedUntil: now + delaySeconds(failures, policy) * 1000,
  };
}

/**
 * Pure: the state with the failure reserved for an attempt taken back, because its password was
 * right. The block is what the remaining failures earn, counted from the last one.
 */
export function withoutReservedFailure(
  state: ThrottleState,
  policy: ThrottlePolicy,
): ThrottleState {
  const failures = Math.max(0, state.failures - 1);
  return {
    failures,
    lastFailureAt: state.lastFailureAt,
    blockedUntil: state.lastFailureAt + delaySeconds(failures, policy) * 1000,
  };
}

/** Pure: whole seconds until the key may try again (0 when it may now). */
export function secondsBlocked(state: ThrottleState | undefined, now: number): number {
  if (!state || state.blockedUntil <= now) return 0;
  return Math.ceil((state.blockedUntil - now) / 1000);
}

const normalEmail = (email: string) => email.trim().toLowerCase();
export const accountKey = (email: string) => `account:${normalEmail(email)}`;
export const addressKey = (ip: string) => `address:${ip}`;
export const pairKey = (email: string, ip: string) => `pair:${normalEmail(email)}|${ip}`;
export const knownKey = (email: string, ip: string) => `known:${normalEmail(email)}|${ip}`;

export interface ThrottleCharge {
  key: string;
  policy: ThrottlePolicy;
}

/** The keys a sign-in attempt is charged to, the account slow-down unless the address is known. */
export function chargesFor(email: string, address: string, knownAddress: boolean) {
  const charges: ThrottleCharge[] = [
    { key: pairKey(email, address), policy: PAIR_POLICY },
    { key: addressKey(address), policy: ADDRESS_POLICY },
  ];
  if (!knownAddress) charges.push({ key: accountKey(email), policy: ACCOUNT_POLICY });
  return charges;
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

const EPOCH = new Date(0).toISOString();

const stateOf = (row: Selectable<LoginThrottlesTable>): ThrottleState => ({
  failures: row.failures,
  lastFailureAt: Date.parse(row.last_failure_at),
  blockedUntil: Date.parse(row.blocked_until),
});

export function createLoginThrottle(db: Kysely<DB>) {
  // PostgreSQL runs transactions side by side: the rows are locked. SQLite's writers take turns
  // (BEGIN IMMEDIATE), so the transaction alone is the lock there.
  const lockRows = db.getExecutor().adapter instanceof PostgresAdapter;

  /** A key's state, its row locked for the rest of the transaction. */
  async function lockedState(trx: Transaction<DB>, key: string) {
    let query = trx.selectFrom('login_throttles').selectAll().where('key', '=', key);
    if (lockRows) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row && stateOf(row);
  }

  async function writeState(trx: Transaction<DB>, key: string, state: ThrottleState) {
    await trx
      .updateTable('login_throttles')
      .set({
        failures: state.failures,
        last_failure_at: new Date(state.lastFailureAt).toISOString(),
        blocked_until: new Date(state.blockedUntil).toISOString(),
      })
      .where('key', '=', key)
      .execute();
  }

  return {
    /**
     * The check and the record of a failure as one atomic step: when none of `charges` is
     * blocked, a failure is recorded against each right away (before the password is even
     * checked) and 0 is answered; otherwise nothing changes and the longest wait in seconds is
     * answered. Concurrent attempts queue on the rows, so at most `freeFailures` of them pass.
     */
    async reserveAttempt(charges: ThrottleCharge[], now: number): Promise<number> {
      const sorted = [...charges].sort((a, b) => a.key.localeCompare(b.key));
      return db.transaction().execute(async (trx) => {
        const states: Array<ThrottleState | undefined> = [];
        for (const { key } of sorted) {
          await trx
            .insertInto('login_throttles')
            .values({ key, failures: 0, last_failure_at: EPOCH, blocked_until: EPOCH })
            .onConflict((conflict) => conflict.column('key').doNothing())
            .execute();
          states.push(await lockedState(trx, key));
        }
        const wait = Math.max(0, ...states.map((state) => secondsBlocked(state, now)));
        if (wait > 0) return wait;
        for (const [index, { key, policy }] of sorted.entries()) {
          await writeState(trx, key, afterFailure(states[index], now, policy));
        }
        return 0;
      });
    },

    /** Whether the account signed in from this address within `KNOWN_ADDRESS_DAYS`. */
    async isKnownAddress(email: string, address: string, now: number): Promise<boolean> {
      const row = await db
        .selectFrom('login_throttles')
        .select('last_failure_at')
        .where('key', '=', knownKey(email, address))
        .executeTakeFirst();
      return !!row && now - Date.parse(row.last_failure_at) < KNOWN_ADDRESS_DAYS * 86_400_000;
    },

    /**
     * A right password: the failures reserved against this account go, the one reserved against
     * the address for this attempt is taken back (else every sign-in from an office's one
     * address would count towards blocking it), and the address becomes known to the account
     * (the row's `last_failure_at` holds when it last signed in from there).
     */
    async recordSuccess(email: string, address: string, now: number): Promise<void> {
      const at = new Date(now).toISOString();
      await db.transaction().execute(async (trx) => {
        const addressState = await lockedState(trx, addressKey(address));
        if (addressState) {
          await writeState(
            trx,
            addressKey(address),
            withoutReservedFailure(addressState, ADDRESS_POLICY),
          );
        }
        await trx
          .deleteFrom('login_throttles')
          .where('key', 'in', [pairKey(email, address), accountKey(email)])
          .execute();
        const values = { failures: 0, last_failure_at: at, blocked_until: EPOCH };
        await trx
          .insertInto('login_throttles')
          .values({ key: knownKey(email, address), ...values })
          .onConflict((conflict) => conflict.column('key').doUpdateSet(values))
          .execute();
      });
    },

    /** A new password: every failure counted against the account is forgotten. */
    async clearAccount(email: string): Promise<void> {
      await db
        .deleteFrom('login_throttles')
        .where((eb) => {
          // substr, not LIKE: an e-mail may hold % or _.
          const pairs = pairKey(email, '');
          return eb.or([
            eb('key', '=', accountKey(email)),
            eb(sql<string>`substr(${sql.ref('key')}, 1, ${pairs.length})`, '=', pairs),
          ]);
        })
        .execute();
    },
  };
}
