import { test, expect, launchServer, LIVING_DEMO, DESKTOP, PHONE, type Page } from './support/test';
import { adminCommand, authoriseUser, choosePassword, demoOperator, signIn } from './support/auth';

/**
 * The Efficiency area (issue 14) against the real server: the demo organisation's Hall A from
 * its simulators' seven days of history, and an organisation made by staff, which sees what Oro
 * unlocks until it buys Oro through the local test checkout. Screenshots go to test-results.
 */
const PCDU_PORT = 21000 + Math.floor(Math.random() * 8000);
const app = launchServer({ ...LIVING_DEMO, DEMO_PCDU_PORT: String(PCDU_PORT) });
/** Seven days of a room's figures, and the period before, are read on the first visit. */
const DATA = { timeout: 60_000 };
test.describe.configure({ timeout: 240_000 });

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function openHallA(page: Page) {
  await page.getByLabel('Scope').selectOption({ label: 'Room · Hall A (Milan North)' });
  await expect(page).toHaveURL(/scope=room%3A\d+|scope=room:\d+/);
  await expect(page.getByRole('heading', { level: 1, name: /Hall A/ })).toBeVisible(DATA);
}

test('the demo room shows utilisation, heat balance and the energy flow from its history', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, app.url, demoOperator(app.server()), { returnTo: '/efficiency' });
  await expect(page.getByRole('link', { name: 'Efficiency' })).toBeVisible();
  await expect(page.getByText('Demo data', { exact: true })).toBeVisible();
  await openHallA(page);

  await expect(page.getByTestId('figure-utilisation')).toContainText('%');
  await expect(page.getByTestId('figure-it-power')).toContainText('kW');
  await expect(page.getByTestId('figure-heat-removed')).toContainText('kW');
  await expect(page.getByTestId('utilisation')).toContainText('headroom');
  await expect(page.getByRole('img', { name: 'Power and heat (kW)' })).toBeVisible();
  const flow = page.getByRole('img', { name: /^Energy flow/ });
  await expect(flow).toBeVisible(DATA);
  // Where the demo's water carries more than its metered IT power, the rest shows as unmetered.
  for (const node of [
    'IT power',
    'pCDU liquid loop',
    'pCDU pumps and controls',
    'Facility water',
  ]) {
    await expect(flow.getByText(node, { exact: true })).toBeVisible();
  }
  await expect(
    page.getByRole('region', { name: 'Ranking' }).getByRole('link', { name: 'Hall A' }),
  ).toBeVisible();
  await shoot(page, 'efficiency-desktop');

  await page.setViewportSize(PHONE);
  await expect(flow).toBeVisible();
  await shoot(page, 'efficiency-phone');

  // The pCDU's cooling performance, from the capacity card.
  await page.setViewportSize(DESKTOP);
  await page
    .getByRole('region', { name: 'Cooling capacity' })
    .getByRole('link', { name: 'pCDU Hall A' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /pCDU Hall A/ })).toBeVisible();
  await expect(page.getByTestId('cooling-verdict')).toContainText('agrees', DATA);
  await expect(page.getByTestId('figure-heat-computed')).toContainText('kW');
  await expect(page.getByRole('img', { name: 'Heat removed (kW)' })).toBeVisible();
  await shoot(page, 'cooling-performance-desktop');
  await page.setViewportSize(PHONE);
  await shoot(page, 'cooling-performance-phone');
});

test('the pCDU page links to its cooling performance', async ({ page }) => {
  await signIn(page, app.url, demoOperator(app.server()), { returnTo: '/equipment' });
  await page.getByRole('link', { name: 'pCDU Hall A' }).first().click();
  await page.getByRole('link', { name: 'Cooling Performance' }).click();
  await expect(page).toHaveURL(/\/efficiency\/pcdu\/\d+/);
  await expect(page.getByTestId('cooling-verdict')).toBeVisible(DATA);
});

test('an organisation without a plan sees what Oro unlocks, and after buying Oro the pages work', async ({
  page,
  consoleErrors,
}) => {
  const server = app.server();
  const created = await adminCommand(server, ['create-organisation', '--name', 'Acme Cooling']);
  expect(created.code, created.stderr).toBe(0);
  const link = await authoriseUser(server, {
    name: 'Olga Owner',
    email: 'olga@example.com',
    organisation: 'Acme Cooling',
  });
  await choosePassword(page, link, 'olga-password-1');
  await signIn(
    page,
    app.url,
    { email: 'olga@example.com', password: 'olga-password-1' },
    { returnTo: '/efficiency' },
  );
  const gate = page.getByRole('region', { name: 'Plan required' });
  await expect(
    gate.getByRole('heading', { name: 'Capacity and efficiency needs the Oro plan.' }),
  ).toBeVisible();
  await expect(gate.getByRole('link', { name: 'See plans' })).toBeVisible();
  await page.setViewportSize(PHONE);
  await shoot(page, 'efficiency-no-plan-phone');

  await page.setViewportSize(DESKTOP);
  await gate.getByRole('link', { name: 'See plans' }).click();
  await page
    .getByRole('article', { name: 'ORO' })
    .getByRole('button', { name: 'Subscribe' })
    .click();
  await expect(page.getByText('TEST CHECKOUT', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(`${app.url}/success`);

  await page.goto(`${app.url}/efficiency`);
  await expect(page.getByRole('heading', { level: 1, name: 'All sites' })).toBeVisible(DATA);
  await expect(page.getByRole('region', { name: 'Plan required' })).toHaveCount(0);
  await expect(page.getByTestId('figure-it-power')).toContainText('—');
  await expect(page.getByText('No power or heat was measured in this period.')).toBeVisible();
  // Chromium logs each refused call as a console error; before Oro, those refusals are the point.
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((error) => !/status of 403/.test(error)),
  );
});
