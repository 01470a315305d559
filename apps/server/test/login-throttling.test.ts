import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/identity/passwords.js';
import { createMailerFor } from '../src/modules/mail/mailer.js';
import {
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  PAIR_POLICY,
  createLoginThrottle,
} from '../src/modules/identity/login-throttle.js';
import { createPasswordLinks } from '../src/modules/identity/password-links.js';
import { createIdentityService } from '../src/modules/identity/service.js';
import { createUsersRepository } from '../src/modules/users/repository.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator } from './helpers/auth.js';
import { Browser, authorize } from './helpers/idp-browser.js';

const PASSWORD = 'correct horse battery';

/** One login form, from one address, posted `count` times at once with `password`. */
async function parallelAttempts(t: TestApp, address: string, email: string, count: number) {
  const browser = new Browser(t, address);
  const interactionUrl = String((await authorize(browser)).res.headers.location);
  const answers = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      browser.request('POST', `${interactionUrl}/login`, { email, password: `guess-${index}` }),
    ),
  );
  const other = answers.filter(
    (answer) =>
      !answer.body.includes('Wrong e-mail or password.') &&
      !answer.body.includes('Too many failed sign-ins.'),
  );
  expect(other.map((answer) => `${answer.statusCode} ${answer.body.slice(0, 300)}`)).toEqual([]);
  return {
    checked: answers.filter((answer) => answer.body.includes('Wrong e-mail or password.')).length,
    throttled: answers.filter((answer) => answer.body.includes('Too many failed sign-ins.')).length,
  };
}

async function login(t: TestApp, address: string, email: string, password = PASSWORD) {
  const browser = new Browser(t, address);
  const interactionUrl = String((await authorize(browser)).res.headers.location);
  return browser.request('POST', `${interactionUrl}/login`, { email, password });
}

describe('login throttling under attack', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function account(email: string) {
    const operator = await createOperator(t, { email });
    await createUsersRepository(t.app.database.db).setPasswordHash(
      operator.userId,
      await hashPassword(PASSWORD),
    );
    return operator;
  }

  it('checks at most the allowed guesses when 20 wrong passwords arrive at once', async () => {
    await account('raced@example.com');
    const result = await parallelAttempts(t, '198.51.100.7', 'raced@example.com', 20);
    console.log(
      `20 parallel wrong passwords: ${result.checked} checked, ${result.throttled} throttled`,
    );
    expect(result.checked).toBe(PAIR_POLICY.freeFailures);
    expect(result.throttled).toBe(20 - PAIR_POLICY.freeFailures);
  });

  it('does not lock the real user out: the right password from another address works', async () => {
    await account('victim@example.com');
    const attacker = await parallelAttempts(t, '198.51.100.8', 'victim@example.com', 20);
    expect(attacker.checked).toBe(PAIR_POLICY.freeFailures);

    const owner = await login(t, '203.0.113.20', 'victim@example.com');
    expect(owner.statusCode).toBe(303);
    expect(String(owner.headers.location)).toContain('/idp/authorize/');
  });

  it('never counts right passwords against an address: an office signs in all day', async () => {
    await account('office@example.com');
    for (let index = 0; index < ADDRESS_POLICY.freeFailures + 5; index += 1) {
      const answer = await login(t, '198.51.100.40', 'office@example.com');
      expect(answer.body).not.toContain('Too many failed sign-ins.');
      expect(answer.statusCode).toBe(303);
    }
  });

  it('slows an account guessed from many addresses, never past a minute, and not from a known address', async () => {
    const { db } = t.app.database;
    let clock = Date.parse('2026-11-23T10:00:00Z');
    const identity = createIdentityService({
      db,
      users: createUsersRepository(db),
      links: createPasswordLinks(db),
      throttle: createLoginThrottle(db),
      mailer: createMailerFor(t.config, () => {}),
      publicUrl: t.config.publicUrl,
      productName: 'Brezza',
      passwordLinks: true,
      logError: () => {},
      now: () => clock,
    });
    const attempt = (address: string, password: string) =>
      identity.signIn({ email: 'spread@example.com', password, address });
    await account('spread@example.com');
    // The owner signed in from home before the attack.
    expect((await attempt('203.0.113.30', PASSWORD)).outcome).toBe('signed-in');

    let checked = 0;
    for (let index = 0; index < 10; index += 1) {
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, (_, guess) => attempt(`192.0.2.${index + 1}`, `guess-${guess}`)),
      );
      checked += outcomes.filter((result) => result.outcome === 'wrong-credentials').length;
    }
    console.log(`10 addresses × 8 parallel guesses: ${checked} checked`);
    expect(checked).toBe(ACCOUNT_POLICY.freeFailures);
    // A guessing address stays blocked even with the right password.
    expect((await attempt('192.0.2.1', PASSWORD)).outcome).toBe('throttled');

    const fresh = await attempt('203.0.113.31', PASSWORD);
    expect(fresh).toEqual({
      outcome: 'throttled',
      retryAfterSeconds: ACCOUNT_POLICY.baseDelaySeconds,
    });
    expect((await attempt('203.0.113.30', PASSWORD)).outcome).toBe('signed-in');
    clock += ACCOUNT_POLICY.maxDelaySeconds * 1000;
    expect((await attempt('203.0.113.31', PASSWORD)).outcome).toBe('signed-in');
  });
});
