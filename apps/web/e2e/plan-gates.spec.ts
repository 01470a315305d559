import { test, expect, launchServer, DESKTOP, PHONE, type Page } from './support/test';
import { signIn, staffOrganisationForSpec } from './support/auth';

/**
 * Plans gate features (issue 14, item 7) as a new customer meets them: an organisation made by
 * staff holds no plan, so /alerts and history beyond 24 hours say what Argento unlocks (and the
 * app never makes the calls the server would refuse); after the local checkout of Argento the
 * same pages work. The tests run in order on that one organisation.
 */
const app = launchServer();
const operator = staffOrganisationForSpec(app, {
  name: 'Fjord Compute',
  user: 'Nora Free',
  email: 'nora@fjord.example',
  password: 'nora-password-1',
});

/** Every call the page makes to the alerts API. */
function alertsCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/alerts')) calls.push(request.url());
  });
  return calls;
}

async function shoot(page: Page, name: string, path: string) {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: test.info().outputPath(`${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
  expect(new URL(page.url()).pathname).toBe(path);
}

const gate = (page: Page) => page.getByRole('region', { name: 'Plan required' });

test('without a plan, /alerts says what Argento unlocks; no badge, no refused call', async ({
  page,
}) => {
  const calls = alertsCalls(page);
  await signIn(page, app.url, operator(), { returnTo: '/alerts' });
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(gate(page)).toContainText('Alerts needs the Argento plan.');
  await expect(gate(page)).toContainText('ARGENTO (Tier 1)');
  await expect(gate(page).getByRole('link', { name: 'See plans' })).toHaveAttribute(
    'href',
    '/stripe',
  );
  await expect(page.getByRole('tablist', { name: 'Alerts' })).toHaveCount(0);
  await expect(page.locator('[data-alert-badge]')).toHaveCount(0);
  await shoot(page, 'alerts-gate', '/alerts');
  expect(calls).toEqual([]);
});

test('without a plan, the last 24 hours chart, and anything longer shows the gate', async ({
  page,
}) => {
  await signIn(page, app.url, operator(), { returnTo: '/observability' });
  await expect(page.getByLabel('Time range')).toHaveValue('24h');
  await expect(page.getByRole('figure', { name: 'Power', exact: true })).toBeVisible();
  await expect(gate(page)).toHaveCount(0);

  await page.getByLabel('Time range').selectOption('7d');
  await expect(gate(page)).toContainText('History beyond 24 hours needs the Argento plan.');
  await expect(page.getByRole('figure', { name: 'Power', exact: true })).toHaveCount(0);
  await shoot(page, 'history-gate', '/observability');

  await page.getByRole('button', { name: 'Show the last 24 hours' }).click();
  await expect(page.getByLabel('Time range')).toHaveValue('24h');
  await expect(page.getByRole('figure', { name: 'Power', exact: true })).toBeVisible();
  await expect(gate(page)).toHaveCount(0);
});

test('after the local checkout of Argento, alerts and full history work', async ({ page }) => {
  await signIn(page, app.url, operator(), { returnTo: '/stripe' });
  await page.getByRole('article', { name: 'ARGENTO' }).getByRole('button').click();
  await expect(page.getByText('TEST CHECKOUT', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(`${app.url}/success`);
  await expect(
    page.getByRole('article', { name: 'ARGENTO' }).getByRole('button', { name: 'Current Plan' }),
  ).toBeDisabled();

  await page.goto(`${app.url}/alerts`);
  await expect(page.getByRole('tablist', { name: 'Alerts' })).toBeVisible();
  await expect(page.getByText('Nothing is firing.', { exact: false })).toBeVisible();
  await expect(gate(page)).toHaveCount(0);
  await shoot(page, 'alerts-argento', '/alerts');

  await page.goto(`${app.url}/observability?range=7d`);
  await expect(page.getByLabel('Time range')).toHaveValue('7d');
  await expect(page.getByRole('figure', { name: 'Power', exact: true })).toBeVisible();
  await expect(gate(page)).toHaveCount(0);
  await shoot(page, 'history-argento', '/observability');
});
