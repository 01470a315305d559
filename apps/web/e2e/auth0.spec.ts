import { test, expect, type Page } from './support/test';
import { adminCommand } from './support/auth';
import {
  createTestCertificates,
  startAuth0Tenant,
  type RunningTenant,
  type TenantUser,
} from './support/auth0-tenant';
import { CHROMIUM_ARGS, chromiumPath } from './support/chromium';
import { startServer, type RunningServer } from './support/server';

/**
 * Auth0 mode end to end: the real @auth0/auth0-react in the web app and the real token verifier
 * in the API, against a local stand-in tenant over HTTPS with a test certificate authority that
 * Chromium trusts by public key and the API server through NODE_EXTRA_CA_CERTS.
 */
const certificates = createTestCertificates();
test.use({
  launchOptions: {
    executablePath: chromiumPath() ?? undefined,
    args: [
      ...CHROMIUM_ARGS,
      `--ignore-certificate-errors-spki-list=${certificates.spkiHashes.join(',')}`,
    ],
  },
});

const ADA: TenantUser = {
  email: 'ada.tenant@example.com',
  password: 'tenant password 1',
  name: 'Ada Tenant',
  emailVerified: true,
};

const EVE: TenantUser = {
  email: 'eve.unverified@example.com',
  password: 'tenant password 2',
  name: 'Eve Unverified',
  emailVerified: false,
};

let tenant: RunningTenant;
let server: RunningServer;

test.beforeAll(async () => {
  if (!chromiumPath()) return;
  tenant = await startAuth0Tenant(certificates, [ADA, EVE]);
  server = await startServer({
    AUTH_DOMAIN: tenant.domain,
    AUTH_CLIENT_ID: tenant.clientId,
    AUTH_AUDIENCE: tenant.audience,
    NODE_EXTRA_CA_CERTS: certificates.caFile,
  });
  await tenant.configure(server.url);
  for (const user of [ADA, EVE]) {
    const authorised = await adminCommand(server, [
      'authorise-user',
      '--name',
      user.name,
      '--email',
      user.email,
      '--organisation',
      'Demo Organisation',
    ]);
    if (authorised.code !== 0) throw new Error(authorised.stderr);
  }
});
test.afterAll(async () => {
  await server?.stop();
  await tenant?.stop();
});

async function signInAtTenant(page: Page, user: TenantUser) {
  await page.goto(`${server.url}/signin`);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(
    (url) => url.origin === tenant.origin && url.pathname.startsWith('/interaction/'),
  );
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('an operator signs in through the Auth0 tenant, uses the API and signs out through /v2/logout', async ({
  page,
}) => {
  const apiAnswers: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) apiAnswers.push(response.status());
  });

  await signInAtTenant(page, ADA);
  await page.waitForURL(
    (url) => url.origin === server.url && url.pathname === '/' && !url.searchParams.has('code'),
  );
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(header.getByText(ADA.name)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  // The API took the tenant's token: its key from the tenant's JWKS, the user by the verified
  // e-mail from the tenant's /userinfo.
  await expect.poll(() => apiAnswers.filter((status) => status === 200).length).toBeGreaterThan(0);
  expect(apiAnswers.filter((status) => status === 401 || status === 403)).toEqual([]);
  expect(tenant.requests).toContain('GET /.well-known/jwks.json');
  expect(tenant.requests).toContain('GET /userinfo');

  await header.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${server.url}/logged-out`);
  expect(tenant.requests).toContain('GET /v2/logout');
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();

  // The tenant's session ended too: signing in again asks for the password.
  await page.goto(`${server.url}/signin`);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(
    (url) => url.origin === tenant.origin && url.pathname.startsWith('/interaction/'),
  );
  await expect(page.getByLabel('Password')).toBeVisible();
});

test('a tenant user whose e-mail is not verified gets no access, even with an authorised e-mail', async ({
  page,
  consoleErrors,
}) => {
  const apiAnswers: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) apiAnswers.push(response.status());
  });
  await signInAtTenant(page, EVE);
  await page.waitForURL((url) => url.origin === server.url && !url.searchParams.has('code'));
  await expect.poll(() => apiAnswers.includes(403)).toBe(true);
  expect(apiAnswers.filter((status) => status === 200)).toEqual([]);
  // The browser reports each refused call on its console; those, and only those, are expected.
  expect(consoleErrors.length).toBeGreaterThan(0);
  for (const message of consoleErrors) expect(message).toContain('403 (Forbidden)');
  consoleErrors.length = 0;
});
