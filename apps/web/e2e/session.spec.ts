import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect, launchServer, DESKTOP, PHONE, type Page } from './support/test';
import type { RunningServer } from './support/server';
import { adminCommand, demoOperator, signIn, submitLogin, type Credentials } from './support/auth';

/**
 * Access tokens live 75 s here; the login client treats a token as expired 60 s early, so one
 * needs renewing 15 s after it was issued.
 */
const ACCESS_TOKEN_TTL_S = 75;
const TOKEN_STALE_AFTER_MS = (ACCESS_TOKEN_TTL_S - 60 + 2) * 1000;

const app = launchServer({ AUTH_ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL_S) });

/** The staff admin command, on the running server's own database; it must succeed. */
async function admin(server: RunningServer, ...args: string[]): Promise<string> {
  const result = await adminCommand(server, args);
  if (result.code !== 0) throw new Error(`admin ${args[0]} failed: ${result.stderr}`);
  return result.stdout;
}

/** The demo organisation's id, as list-organisations prints it. */
async function demoOrganisationId(server: RunningServer): Promise<string> {
  const listing = await admin(server, 'list-organisations');
  const id = /^\s*(\d+)\b.*Demo/m.exec(listing)?.[1];
  if (!id) throw new Error(`demo organisation not listed:\n${listing}`);
  return id;
}

/** A real local HTTP server standing in for the organisation's Grafana. */
async function startDashboardHost(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Acme Grafana</title><h1>Acme Grafana</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/d/cooling`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const subNavigation = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

/**
 * Waits for a redirect to login, to be started before what triggers it: a provider that still
 * holds a session sends the browser straight back with a code, and the app may have consumed
 * that code before a wait started afterwards would look. Resolves once the page is on the
 * provider's login page (which `loginIfAsked` fills in) or back with a code.
 */
const redirectedToLogin = (page: Page, timeout: number) =>
  page.waitForURL((url) => url.pathname.startsWith('/idp/') || url.searchParams.has('code'), {
    waitUntil: 'commit',
    timeout,
  });

async function loginIfAsked(page: Page, credentials: Credentials, redirected: Promise<void>) {
  await redirected;
  if (new URL(page.url()).pathname.startsWith('/idp/')) await submitLogin(page, credentials);
}

/** Makes the page check its session now, as it does when the tab becomes visible again. */
const checkSessionNow = (page: Page) =>
  page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

const isRefreshGrant = (request: { method(): string; url(): string; postData(): string | null }) =>
  request.method() === 'POST' &&
  request.url().endsWith('/idp/oauth/token') &&
  (request.postData() ?? '').includes('grant_type=refresh_token');

test.describe('session', () => {
  test('the demo operator signs in, stays signed in on reload, and signs out', async ({ page }) => {
    const operator = demoOperator(app.server());
    await signIn(page, app.url, operator);

    const header = page.getByRole('banner');
    await expect(header.getByText('Demo Operator')).toBeVisible();
    await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    await expect(subNavigation(page).getByRole('link', { name: 'Devices' })).toBeVisible();

    await page.reload();
    await expect(header.getByText('Demo Operator')).toBeVisible();
    await expect(subNavigation(page)).toBeVisible();

    await header.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${app.url}/logged-out`);
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(header.getByText('Demo Operator')).toHaveCount(0);
    await expect(subNavigation(page)).toHaveCount(0);

    // Signed out for real: the next visit starts signed out too.
    await page.goto(`${app.url}/`);
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(subNavigation(page)).toHaveCount(0);
  });

  test('reads the organisation settings and links Grafana once per browser session', async ({
    page,
  }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/'))
        calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await signIn(page, app.url, demoOperator(app.server()));
    await expect(subNavigation(page)).toBeVisible();
    await expect.poll(() => calls).toContain('POST /api/link-grafana');
    expect(calls).toContain('GET /api/get-org-settings');
    // Linked once its answer is in: a reload before that (the call cut short) links again.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(sessionStorage).some((key) => key.startsWith('brezza.grafana-linked:')),
        ),
      )
      .toBe(true);

    await page.reload();
    await expect(subNavigation(page)).toBeVisible();
    await expect.poll(() => calls.filter((c) => c === 'GET /api/get-org-settings').length).toBe(2);
    expect(calls.filter((call) => call === 'POST /api/link-grafana')).toHaveLength(1);
  });

  test('renews the access token silently before it expires', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, app.url, demoOperator(app.server()));
    await expect(subNavigation(page)).toBeVisible();

    const renewals: number[] = [];
    page.on('response', (response) => {
      if (isRefreshGrant(response.request())) renewals.push(response.status());
    });
    await page.waitForTimeout(TOKEN_STALE_AFTER_MS);
    await checkSessionNow(page);
    await expect.poll(() => renewals).toEqual([200]);

    // The renewed session carries on: the page and a reload are still signed in.
    await expect(page.getByRole('banner').getByText('Demo Operator')).toBeVisible();
    const settings = page.waitForResponse((response) =>
      response.url().endsWith('/api/get-org-settings'),
    );
    await page.reload();
    expect((await settings).status()).toBe(200);
    await expect(subNavigation(page)).toBeVisible();
  });

  // Issue 9: since the alert badge polls in the background, a refused renewal on its call
  // reaches /idp/authorize but the page is then found neither on the login page nor back with a
  // code; the path from a background call's refused renewal to login needs tracing (the stop
  // note of 2026-11-23 has what was seen).
  test('a refused renewal sends the user to login and back to the page they were on', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const operator = demoOperator(app.server());
    await signIn(page, app.url, operator, { returnTo: '/docs/architecture' });
    await expect(page).toHaveURL(`${app.url}/docs/architecture`);
    await expect(subNavigation(page)).toBeVisible();

    // Someone else uses the refresh token first: rotation makes the page's copy a reused one,
    // which the provider refuses (invalid_grant) and for which it revokes the grant.
    const rotated = await page.evaluate(async () => {
      // The login client's token cache entry: the one whose body holds a refresh token.
      const entry = Object.keys(localStorage)
        .filter((name) => name.startsWith('@@auth0spajs@@'))
        .map((name) => JSON.parse(localStorage.getItem(name)!) as { body?: Record<string, string> })
        .find((candidate) => candidate.body?.refresh_token)!;
      const response = await fetch('/idp/oauth/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: entry.body!.client_id!,
          refresh_token: entry.body!.refresh_token!,
        }),
      });
      return response.status;
    });
    expect(rotated).toBe(200);

    const refused: number[] = [];
    page.on('response', (response) => {
      if (isRefreshGrant(response.request())) refused.push(response.status());
    });
    // A background call (the alert badge's poll) may renew first: either way the app goes to login.
    const toLogin = page.waitForRequest((request) => request.url().includes('/idp/authorize'), {
      timeout: TOKEN_STALE_AFTER_MS + 20_000,
    });
    const redirected = redirectedToLogin(page, TOKEN_STALE_AFTER_MS + 30_000);
    await page.waitForTimeout(TOKEN_STALE_AFTER_MS);
    // The page may already be on its way to login, which ends this script's document.
    await checkSessionNow(page).catch(() => undefined);
    await expect.poll(() => refused).toEqual([400]);
    const authorize = new URL((await toLogin).url());
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    await loginIfAsked(page, operator, redirected);

    await expect(page).toHaveURL(`${app.url}/docs/architecture`);
    await expect(page.getByRole('banner').getByText('Demo Operator')).toBeVisible();
    await expect(subNavigation(page)).toBeVisible();
    // The browser reports the refused grant (400) itself; nothing else may be logged.
    consoleErrors.splice(
      0,
      consoleErrors.length,
      ...consoleErrors.filter((error) => !error.includes('status of 400')),
    );
  });

  for (const path of ['/devices?view=table', '/stripe']) {
    test(`${path} visited while signed out comes back there after login`, async ({ page }) => {
      await page.goto(`${app.url}${path}`);
      await submitLogin(page, demoOperator(app.server()));
      await expect(page).toHaveURL(`${app.url}${path}`);
      await expect(page.getByRole('banner').getByText('Demo Operator')).toBeVisible();
      const devices = subNavigation(page).getByRole('link', { name: 'Devices' });
      if (path.startsWith('/devices'))
        await expect(devices).toHaveAttribute('aria-current', 'page');
      else await expect(devices).not.toHaveAttribute('aria-current', 'page');
    });
  }

  test("Observability opens the organisation's dashboard in a new tab; AI Toolkit only with a URL", async ({
    page,
    context,
  }) => {
    const server = app.server();
    const dashboard = await startDashboardHost();
    try {
      const organisation = await demoOrganisationId(server);
      await admin(server, 'set-organisation', '--id', organisation, '--grafana-url=', '--tau-url=');
      await signIn(page, app.url, demoOperator(server));
      const nav = subNavigation(page);
      const observability = nav.getByRole('link', { name: /Observability/ });
      // No dashboard of its own yet: the app's own observability pages (issue 11).
      await expect(observability).toHaveAttribute('href', '/observability');
      await expect(nav.getByRole('link', { name: /AI Toolkit/ })).toHaveCount(0);

      await admin(server, 'set-organisation', '--id', organisation, '--grafana-url', dashboard.url);
      await page.reload();
      await expect(observability).toHaveAttribute('href', dashboard.url);
      await expect(observability).toHaveAttribute('target', '_blank');
      await expect(observability).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(nav.getByRole('link', { name: /AI Toolkit/ })).toHaveCount(0);

      const [tab] = await Promise.all([context.waitForEvent('page'), observability.click()]);
      await tab.waitForLoadState();
      expect(tab.url()).toBe(dashboard.url);
      await expect(tab.getByRole('heading', { name: 'Acme Grafana' })).toBeVisible();
      await tab.close();
      await expect(page).toHaveURL(`${app.url}/`);

      await admin(
        server,
        'set-organisation',
        '--id',
        organisation,
        '--tau-url',
        'https://tau.acme.test/',
      );
      await page.reload();
      const toolkit = nav.getByRole('link', { name: /AI Toolkit/ });
      await expect(toolkit).toHaveAttribute('href', 'https://tau.acme.test/');
      await expect(toolkit).toHaveAttribute('target', '_blank');
    } finally {
      await dashboard.close();
    }
  });

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`header and all three dashboard links fit at ${name} width`, async ({ page }) => {
      const server = app.server();
      const organisation = await demoOrganisationId(server);
      await admin(
        server,
        'set-organisation',
        '--id',
        organisation,
        '--grafana-url',
        'https://grafana.acme.test/d/1',
        '--tau-url',
        'https://tau.acme.test/',
      );
      await page.setViewportSize(viewport);
      await signIn(page, app.url, demoOperator(server));
      await expect(page.getByRole('banner').getByRole('link', { name: 'Brezza' })).toBeVisible();
      const nav = subNavigation(page);
      await expect(nav.getByRole('link', { name: /AI Toolkit/ })).toBeVisible();
      for (const label of ['Devices', /Observability/, /AI Toolkit/]) {
        // On a phone the sub-navigation scrolls sideways within itself: each link can be brought
        // into view, and the page itself never scrolls sideways.
        await nav.getByRole('link', { name: label }).scrollIntoViewIfNeeded();
        const box = await nav.getByRole('link', { name: label }).boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        // Scrolling a link into view can leave it a fraction of a pixel past the edge.
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width + 1);
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    });
  }
});
