import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CorruptPasswordHash } from '../src/modules/identity/passwords.js';
import { createUsersRepository } from '../src/modules/users/repository.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator } from './helpers/auth.js';
import { Browser, authorize } from './helpers/idp-browser.js';

const cookieLines = (browser: Browser) =>
  browser.setCookies.filter((line) => line.startsWith('brezza_idp_'));

describe('identity provider cookies with an https PUBLIC_URL and no TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: 'https://brezza.example.com' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('are Secure, whatever X-Forwarded-Proto a client sends', async () => {
    const browser = new Browser(t);
    const { res } = await authorize(browser);
    expect(res.statusCode).toBe(303);
    const forged = await t.app.inject({
      method: 'GET',
      url: String(res.headers.location),
      headers: { host: 'brezza.example.com', 'x-forwarded-proto': 'http' },
    });
    browser.setCookies.push(...[forged.headers['set-cookie'] ?? []].flat());
    expect(cookieLines(browser).length).toBeGreaterThan(0);
    for (const line of cookieLines(browser)) expect(line).toMatch(/;\s*secure/i);
  });
});

describe('identity provider cookies with an http PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('are not Secure, and a client cannot claim https', async () => {
    const browser = new Browser(t);
    await t.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' });
    const { res } = await authorize(browser);
    expect(res.statusCode).toBe(303);
    for (const line of cookieLines(browser)) expect(line).not.toMatch(/;\s*secure/i);
  });

  it('logs why a sign-in page is shown as expired', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    const res = await new Browser(t).request('GET', '/idp/interaction/does-not-exist');
    expect(res.body).toContain('This sign-in has expired');
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.objectContaining({ name: 'SessionNotFound' }) }),
      expect.stringContaining('shown as expired'),
    );
  });

  it('logs a password hash it cannot read, and refuses the sign-in', async () => {
    const operator = await createOperator(t, { email: 'damaged@example.com' });
    await createUsersRepository(t.app.database.db).setPasswordHash(
      operator.userId,
      'not-an-argon2-hash',
    );
    const error = vi.spyOn(t.app.log, 'error');
    const browser = new Browser(t);
    const interactionUrl = String((await authorize(browser)).res.headers.location);
    const res = await browser.request('POST', `${interactionUrl}/login`, {
      email: 'damaged@example.com',
      password: 'whatever password',
    });
    expect(res.body).toContain('Wrong e-mail or password.');
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(CorruptPasswordHash) }),
      expect.stringContaining(`password hash of user ${operator.userId}`),
    );
  });
});
