import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/identity/passwords.js';
import { createPasswordLinks } from '../src/modules/identity/password-links.js';
import { SIGNED_OUT_ERROR } from '../src/modules/identity/token-verifier.js';
import { createUsersRepository } from '../src/modules/users/repository.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator } from './helpers/auth.js';
import { Browser, exchange, signIn } from './helpers/idp-browser.js';

const PASSWORD = 'correct horse battery';

/** With the embedded provider, API access ends at once when the grant behind a token ends. */
describe('access tokens after sign-out, password reset and revocation', () => {
  let t: TestApp;
  let email: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const operator = await createOperator(t, { email: 'revoked@example.com' });
    email = operator.email;
    await createUsersRepository(t.app.database.db).setPasswordHash(
      operator.userId,
      await hashPassword(PASSWORD),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const api = (accessToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/get-org-settings',
      headers: { authorization: `Bearer ${accessToken}` },
    });

  async function session() {
    const browser = new Browser(t);
    const { posted, verifier } = await signIn(browser, email, PASSWORD);
    const tokens = await exchange(browser, String(posted.headers.location), verifier);
    expect((await api(tokens.access_token)).statusCode).toBe(200);
    return { browser, tokens };
  }

  function expectEnded(response: Awaited<ReturnType<typeof api>>) {
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: SIGNED_OUT_ERROR });
  }

  it('ends at sign-out, and only for the session signed out', async () => {
    const other = await session();
    const { browser, tokens } = await session();
    const logout = await browser.request(
      'GET',
      `/idp/v2/logout?${new URLSearchParams({ client_id: 'brezza-web', returnTo: `${browser.origin}/logged-out` })}`,
    );
    const action = /action="([^"]+)"/.exec(logout.body)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(logout.body)?.[1] ?? '';
    expect((await browser.request('POST', action, { xsrf, logout: 'yes' })).statusCode).toBe(303);

    expectEnded(await api(tokens.access_token));
    expect((await api(other.tokens.access_token)).statusCode).toBe(200);
  });

  it('ends for every session at a password reset', async () => {
    const first = await session();
    const second = await session();
    const user = await createUsersRepository(t.app.database.db).findByEmail(email);
    const secret = await createPasswordLinks(t.app.database.db).issue(user!.id, 'reset');
    const reset = await new Browser(t).request('POST', '/idp/password', {
      token: secret,
      password: PASSWORD,
      confirmation: PASSWORD,
    });
    expect(reset.body).toContain('Password saved');

    expectEnded(await api(first.tokens.access_token));
    expectEnded(await api(second.tokens.access_token));
  });

  it('ends when the grant is revoked', async () => {
    const { browser, tokens } = await session();
    const revoked = await browser.request('POST', '/idp/oauth/revoke', {
      client_id: 'brezza-web',
      token: tokens.refresh_token,
      token_type_hint: 'refresh_token',
    });
    expect(revoked.statusCode).toBe(200);
    expectEnded(await api(tokens.access_token));
  });
});
