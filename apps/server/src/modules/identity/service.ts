import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { revokeAccount } from '../../idp/sql-adapter.js';
import type { Mailer } from '../mail/mailer.js';
import type { UserRow, UsersRepository } from '../users/repository.js';
import { createUsersRepository } from '../users/repository.js';
import { chargesFor, type LoginThrottle } from './login-throttle.js';
import { resetPasswordMail, setPasswordMail } from './mail-templates.js';
import { passwordLinkUrl, type PasswordLinks, type ValidLink } from './password-links.js';
import { checkPassword, hashPassword } from './passwords.js';

export type SignInResult =
  | { outcome: 'signed-in'; user: UserRow }
  | { outcome: 'wrong-credentials' }
  | { outcome: 'disabled' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

export interface IdentityServiceDeps {
  db: Kysely<DB>;
  users: UsersRepository;
  links: PasswordLinks;
  throttle: LoginThrottle;
  mailer: Mailer;
  publicUrl: string;
  productName: string;
  /** Password links only exist with the embedded provider; an Auth0 tenant resets its own. */
  passwordLinks: boolean;
  /** Failures nobody sees in an answer (a damaged password hash...), for the log. */
  logError: (error: unknown, message: string) => void;
  now?: () => number;
}

export type IdentityService = ReturnType<typeof createIdentityService>;

/** Password sign-in, password links and access requests: the rules, not the pages. */
export function createIdentityService(deps: IdentityServiceDeps) {
  const now = deps.now ?? Date.now;
  const resetQueue: string[] = [];
  let draining: Promise<void> | undefined;

  /** One reset request, after the answer: silently nothing for unknown or disabled users. */
  async function sendReset(email: string): Promise<void> {
    if (!deps.passwordLinks) return;
    const user = await deps.users.findByEmail(email);
    if (!user || user.status !== 'active') return;
    const link = passwordLinkUrl(deps.publicUrl, await deps.links.issue(user.id, 'reset', now()));
    await deps.mailer.send(
      resetPasswordMail({ productName: deps.productName, to: user.email, name: user.name, link }),
    );
  }

  async function drainResets(): Promise<void> {
    for (let email = resetQueue.shift(); email !== undefined; email = resetQueue.shift()) {
      await sendReset(email).catch((error: unknown) =>
        deps.logError(error, 'password reset failed'),
      );
    }
  }

  return {
    /**
     * One generic outcome for an unknown e-mail, a wrong password or a user without a password,
     * so that the answer tells nothing about which accounts exist. Each attempt is charged to
     * the (account, address) pair, the address and, unless the account signed in from this
     * address before, the account as a whole, in one atomic step before the password is checked:
     * parallel guesses cannot slip past the count, and a guesser elsewhere only slows the
     * account down instead of locking its owner out.
     */
    async signIn(input: {
      email: string;
      password: string;
      address: string;
    }): Promise<SignInResult> {
      const { email, address } = input;
      const known = await deps.throttle.isKnownAddress(email, address, now());
      const wait = await deps.throttle.reserveAttempt(chargesFor(email, address, known), now());
      if (wait > 0) return { outcome: 'throttled', retryAfterSeconds: wait };

      const user = await deps.users.findByEmail(email);
      const valid = await checkPassword(user?.password_hash ?? null, input.password, (error) =>
        deps.logError(error, `password hash of user ${user?.id} cannot be read`),
      );
      if (!user || !valid) return { outcome: 'wrong-credentials' };
      if (user.status !== 'active') return { outcome: 'disabled' };
      await deps.throttle.recordSuccess(email, address, now());
      return { outcome: 'signed-in', user };
    },

    /** Mails a first set-password link; answers the link so that staff can hand it over too. */
    async sendSetPasswordLink(user: UserRow): Promise<string> {
      const link = passwordLinkUrl(deps.publicUrl, await deps.links.issue(user.id, 'set', now()));
      await deps.mailer.send(
        setPasswordMail({ productName: deps.productName, to: user.email, name: user.name, link }),
      );
      return link;
    },

    /**
     * Queues a reset request and returns at once. The request path does exactly the same for
     * every e-mail (nothing that depends on the account runs before the answer); the account is
     * looked up, the link issued and the mail sent after the answer, one request at a time.
     */
    queuePasswordReset(email: string): void {
      resetQueue.push(email);
      draining ??= new Promise<void>((resolve) => setImmediate(resolve))
        .then(drainResets)
        .finally(() => {
          draining = undefined;
        });
    },

    /** Resolves once every queued reset has been handled (tests, graceful shutdown). */
    async resetsSettled(): Promise<void> {
      while (draining) await draining;
    },

    checkLink(secret: string): Promise<ValidLink | undefined> {
      return deps.links.peek(secret, now());
    },

    /**
     * Uses the link up and sets the password in one transaction, then ends every session, grant
     * and refresh token of the user, so that a stolen session does not survive a reset.
     */
    async setPasswordWithLink(secret: string, password: string): Promise<UserRow | undefined> {
      const passwordHash = await hashPassword(password);
      const user = await deps.db.transaction().execute(async (trx) => {
        const link = await deps.links.consume(secret, trx, now());
        if (!link) return undefined;
        const users = createUsersRepository(trx);
        await users.setPasswordHash(link.userId, passwordHash);
        return users.findById(link.userId);
      });
      if (!user) return undefined;
      await revokeAccount(deps.db, String(user.id));
      await deps.throttle.clearAccount(user.email);
      return user;
    },

    /** Stores a sign-up as an access request, pending until staff approve it. */
    async requestAccess(input: { name: string; email: string; password: string }): Promise<void> {
      await deps.db
        .insertInto('access_requests')
        .values({
          name: input.name,
          email: input.email.trim(),
          password_hash: await hashPassword(input.password),
          status: 'pending',
          created_at: new Date(now()).toISOString(),
          decided_at: null,
        })
        .execute();
    },
  };
}
