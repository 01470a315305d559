import { createHash, randomBytes } from 'node:crypto';
import type { TestApp } from './app.js';

/** A cookie jar and the calls auth0-spa-js makes, over inject, from one client address. */
export class Browser {
  cookies = new Map<string, string>();
  /** Every Set-Cookie line received, as sent. */
  setCookies: string[] = [];
  readonly origin: string;

  constructor(
    private readonly t: TestApp,
    private readonly remoteAddress = '127.0.0.1',
  ) {
    this.origin = t.config.publicUrl;
  }

  private cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(setCookie: string | string[] | undefined) {
    for (const line of [setCookie ?? []].flat()) {
      this.setCookies.push(line);
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
    const path = url.startsWith(this.origin) ? url.slice(this.origin.length) : url;
    const res = await this.t.app.inject({
      method,
      url: path,
      remoteAddress: this.remoteAddress,
      headers: {
        host: new URL(this.origin).host,
        // Browsers navigate asking for HTML; auth0-spa-js's token calls accept anything.
        accept: url.includes('/oauth/') ? '*/*' : 'text/html',
        cookie: this.cookieHeader(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    this.remember(res.headers['set-cookie']);
    return res;
  }
}

export interface Tokens {
  access_token: string;
  id_token: string;
  refresh_token: string;
  expires_in: number;
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

/** The web app's sign-in redirect: answers the provider's reply and the PKCE verifier. */
export async function authorize(browser: Browser) {
  const { verifier, challenge } = pkce();
  const params = new URLSearchParams({
    client_id: 'brezza-web',
    redirect_uri: browser.origin,
    audience: `${browser.origin}/api`,
    scope: 'openid profile email offline_access',
    response_type: 'code',
    response_mode: 'query',
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const res = await browser.request('GET', `/idp/authorize?${params}`);
  return { res, verifier };
}

/** Authorize, then post the login form once. */
export async function signIn(browser: Browser, email: string, secret: string) {
  const { res, verifier } = await authorize(browser);
  const interactionUrl = String(res.headers.location);
  const posted = await browser.request('POST', `${interactionUrl}/login`, {
    email,
    password: secret,
  });
  return { posted, interactionUrl, verifier };
}

/** Follows a successful login to the callback and trades the code for tokens. */
export async function exchange(
  browser: Browser,
  location: string,
  verifier: string,
): Promise<Tokens> {
  const resume = await browser.request('GET', location);
  const code = new URL(String(resume.headers.location)).searchParams.get('code') ?? '';
  const token = await browser.request('POST', '/idp/oauth/token', {
    grant_type: 'authorization_code',
    client_id: 'brezza-web',
    code,
    code_verifier: verifier,
    redirect_uri: browser.origin,
  });
  return token.json() as Tokens;
}

export const refresh = (browser: Browser, refreshToken: string) =>
  browser.request('POST', '/idp/oauth/token', {
    grant_type: 'refresh_token',
    client_id: 'brezza-web',
    refresh_token: refreshToken,
  });
