import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/identity/passwords.js';
import { createUsersRepository } from '../src/modules/users/repository.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator } from './helpers/auth.js';
import {
  Browser,
  authorize,
  exchange,
  pkce,
  refresh,
  signIn,
  type Tokens,
} from './helpers/idp-browser.js';

const ORIGIN = 'http://localhost:3000';

describe('embedded OpenID provider: the auth0-spa-js flow', () => {
  let t: TestApp;
  const password = 'correct horse battery';
  let operator: Awaited<ReturnType<typeof createOperator>>;

  beforeAll(async () => {
    t = await buildTestApp();
    operator = await createOperator(t, { name: 'Flow Operator', email: 'flow@example.com' });
    await createUsersRepository(t.app.database.db).setPasswordHash(
      operator.userId,
      await hashPassword(password),
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

  it('signs in through our login page and issues RS256 JWT access tokens for the API', async () => {
    const browser = new Browser(t);
    const { res, verifier } = await authorize(browser);
    expect(res.statusCode).toBe(303);
    const interactionUrl = String(res.headers.location);
    expect(interactionUrl).toMatch(/^\/idp\/interaction\/[\w-]+$/);
    expect([...browser.cookies.keys()].some((name) => name.startsWith('brezza_idp_'))).toBe(true);

    const login = await browser.request('GET', interactionUrl);
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('Sign in to Brezza');
    expect(login.headers['content-security-policy']).toContain("default-src 'self'");

    const wrong = await browser.request('POST', `${interactionUrl}/login`, {
      email: 'flow@example.com',
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain('Wrong e-mail or password.');
    const unknown = await browser.request('POST', `${interactionUrl}/login`, {
      email: 'nobody@example.com',
      password,
    });
    expect(unknown.body).toContain('Wrong e-mail or password.');
    expect(unknown.body).toContain('Wrong e-mail or password.');

    const ok = await browser.request('POST', `${interactionUrl}/login`, {
      email: 'FLOW@example.com',
      password,
    });
    expect(ok.statusCode).toBe(303);
    const resume = await browser.request('GET', String(ok.headers.location));
    expect(resume.statusCode).toBe(303);
    const callback = new URL(String(resume.headers.location));
    expect(`${callback.origin}${callback.pathname}`).toBe(`${ORIGIN}/`);
    expect(callback.searchParams.get('state')).toBe('state-1');
    const code = callback.searchParams.get('code') ?? '';

    const token = await browser.request('POST', '/idp/oauth/token', {
      grant_type: 'authorization_code',
      client_id: 'brezza-web',
      code,
      code_verifier: verifier,
      redirect_uri: ORIGIN,
    });
    expect(token.statusCode, token.body).toBe(200);
    const tokens = token.json() as Tokens;
    const header = decodeProtectedHeader(tokens.access_token);
    expect(header.alg).toBe('RS256');
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      iss: `${ORIGIN}/idp/`,
      aud: `${ORIGIN}/api`,
      sub: String(operator.userId),
    });
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      name: 'Flow Operator',
      email: 'flow@example.com',
      nonce: 'nonce-1',
    });
    expect(tokens.refresh_token).toBeTruthy();
    expect((await api(tokens.access_token)).statusCode).toBe(200);

    const jwks = await browser.request('GET', '/idp/.well-known/jwks.json');
    expect(jwks.statusCode).toBe(200);
    const keys = (jwks.json() as { keys: Array<Record<string, unknown>> }).keys;
    expect(keys[0]).toMatchObject({ kty: 'RSA', kid: header.kid });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('requires PKCE', async () => {
    const browser = new Browser(t);
    const params = new URLSearchParams({
      client_id: 'brezza-web',
      redirect_uri: ORIGIN,
      scope: 'openid',
      response_type: 'code',
      state: 's',
    });
    const res = await browser.request('GET', `/idp/authorize?${params}`);
    const location = new URL(String(res.headers.location));
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses redirect URIs that are not registered exactly', async () => {
    const browser = new Browser(t);
    const params = new URLSearchParams({
      client_id: 'brezza-web',
      redirect_uri: 'http://localhost:3000.evil.example',
      scope: 'openid',
      response_type: 'code',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    });
    const res = await browser.request('GET', `/idp/authorize?${params}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('rotates refresh tokens and revokes the grant when an old one is reused', async () => {
    const browser = new Browser(t);
    const { posted, verifier } = await signIn(browser, 'flow@example.com', password);
    const first = await exchange(browser, String(posted.headers.location), verifier);

    const rotated = await refresh(browser, first.refresh_token);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const second = rotated.json() as Tokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token).aud).toBe(`${ORIGIN}/api`);
    expect((await api(second.access_token)).statusCode).toBe(200);

    const reused = await refresh(browser, first.refresh_token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: 'invalid_grant' });
    const afterReuse = await refresh(browser, second.refresh_token);
    expect(afterReuse.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('logs out through the /v2/logout bridge and ends the refresh tokens', async () => {
    const browser = new Browser(t);
    const { posted, verifier } = await signIn(browser, 'flow@example.com', password);
    const tokens = await exchange(browser, String(posted.headers.location), verifier);

    const returnTo = `${ORIGIN}/logged-out`;
    const logout = await browser.request(
      'GET',
      `/idp/v2/logout?${new URLSearchParams({ client_id: 'brezza-web', returnTo })}`,
    );
    expect(logout.statusCode).toBe(200);
    expect(logout.body).toContain('data-auto-submit');
    expect(logout.body).toContain('/idp/assets/auto-submit.js');
    const action = /action="([^"]+)"/.exec(logout.body)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(logout.body)?.[1] ?? '';
    expect(action).toBe(`${ORIGIN}/idp/v2/logout/confirm`);

    const confirmed = await browser.request('POST', action, { xsrf, logout: 'yes' });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(returnTo);
    expect((await refresh(browser, tokens.refresh_token)).json()).toMatchObject({
      error: 'invalid_grant',
    });

    const again = await authorize(browser);
    expect(String(again.res.headers.location)).toMatch(/^\/idp\/interaction\//);
  });

  it('refuses return addresses that are not registered', async () => {
    const browser = new Browser(t);
    await signIn(browser, 'flow@example.com', password);
    const logout = await browser.request(
      'GET',
      `/idp/v2/logout?${new URLSearchParams({ client_id: 'brezza-web', returnTo: 'https://evil.example/' })}`,
    );
    expect(logout.statusCode).toBe(400);
    expect(logout.body).toContain('Sign-in could not continue');
  });

  it('does not let a disabled user sign in, nor refresh', async () => {
    const users = createUsersRepository(t.app.database.db);
    const other = await createOperator(t, { email: 'soon-disabled@example.com' });
    await users.setPasswordHash(other.userId, await hashPassword(password));
    const browser = new Browser(t);
    const { posted, verifier } = await signIn(browser, 'soon-disabled@example.com', password);
    const tokens = await exchange(browser, String(posted.headers.location), verifier);

    await users.setStatus(other.userId, 'disabled');
    expect((await refresh(browser, tokens.refresh_token)).json()).toMatchObject({
      error: 'invalid_grant',
    });
    const again = await signIn(new Browser(t), 'soon-disabled@example.com', password);
    expect(again.posted.statusCode).toBe(200);
    expect(again.posted.body).toContain('This account is disabled.');
  });

  it('slows down repeated failures for an account, whatever the address', async () => {
    await createOperator(t, { email: 'target@example.com' });
    const browser = new Browser(t);
    const { res } = await authorize(browser);
    const interactionUrl = String(res.headers.location);
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const answer = await browser.request('POST', `${interactionUrl}/login`, {
        email: 'target@example.com',
        password: `guess-${attempt}`,
      });
      const throttled = answer.body.includes('Too many failed sign-ins.');
      outcomes.push(throttled ? 'throttled' : 'wrong');
      if (throttled) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(outcomes.slice(0, 5)).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'wrong']);
    expect(outcomes.slice(5)).toEqual(['throttled', 'throttled']);
  });

  it('shows an expired-sign-in page for an unknown interaction', async () => {
    const res = await new Browser(t).request('GET', '/idp/interaction/does-not-exist');
    expect(res.body).toContain('This sign-in has expired');
  });
});
