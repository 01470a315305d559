import { test, expect, launchServer, DESKTOP, PHONE, type Page } from './support/test';

const app = launchServer();

/** Every docs page: its address, its navigation label (SPEC §2) and its title. */
const PAGES = [
  ['/docs', 'Home', 'Brezza documentation'],
  ['/docs/guides', 'Guides', 'Deploy your first server'],
  ['/docs/architecture', 'Architecture', 'Architecture'],
  ['/docs/configuration', 'Configuration File', 'Configuration file'],
  ['/docs/hierarchy-overview', 'Hierarchy Overview', 'Hierarchy overview'],
  ['/docs/pdu-hierarchy', 'PDU & pCDU Hierarchy', 'PDU and pCDU hierarchy'],
  ['/docs/pcdu-overview', 'pCDU Overview', 'pCDU overview'],
  ['/docs/pcdu-dashboard', 'pCDU Dashboard', 'pCDU dashboard'],
  ['/docs/pcdu-sensors', 'pCDU Sensors', 'pCDU sensors'],
  ['/docs/pcdu-setpoint-configuration', 'pCDU Setpoint Config', 'pCDU setpoint configuration'],
  ['/docs/pcdu-network-configuration', 'pCDU Network Config', 'pCDU network configuration'],
  ['/docs/pcdu-system-health', 'pCDU System Health', 'pCDU system health'],
  ['/docs/pcdu-register-map', 'pCDU Register Map', 'pCDU register map'],
  ['/docs/pcdu-digital-twin', 'pCDU Digital Twin', 'pCDU digital twin and recommendations'],
] as const;

const docsNav = (page: Page) => page.getByRole('navigation', { name: 'Documentation' });

test('every docs page opens from its own address at desktop width, its item highlighted', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  for (const [path, label, title] of PAGES) {
    await page.goto(`${app.url}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    const current = docsNav(page).locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText(label);
    await expect(page).toHaveTitle(`${label} · Brezza Docs`);
  }
});

test('every docs page opens from its own address at phone width, chosen in the select', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  for (const [path, label, title] of PAGES) {
    await page.goto(`${app.url}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    const select = page.getByLabel('Documentation page');
    await expect(select.locator('option:checked')).toHaveText(label);
    await expect(docsNav(page)).toBeHidden();
    // The page itself never scrolls sideways; wide tables and the diagram scroll in their box.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('the left navigation lists the pages in order and moves between them', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`${app.url}/docs`);
  await expect(docsNav(page).getByRole('link')).toHaveText(PAGES.map(([, label]) => label));
  await docsNav(page).getByRole('link', { name: 'pCDU Sensors' }).click();
  await expect(page).toHaveURL(`${app.url}/docs/pcdu-sensors`);
  await expect(page.getByRole('heading', { level: 1, name: 'pCDU sensors' })).toBeVisible();
  await expect(docsNav(page).getByRole('link', { name: 'pCDU Sensors' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Brezza documentation' })).toBeVisible();
});

test('on phones the select moves between pages', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(`${app.url}/docs`);
  await page.getByLabel('Documentation page').selectOption({ label: 'pCDU Network Config' });
  await expect(page).toHaveURL(`${app.url}/docs/pcdu-network-configuration`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'pCDU network configuration' }),
  ).toBeVisible();
});

test('the docs home links to Guides and Architecture', async ({ page }) => {
  await page.goto(`${app.url}/docs`);
  const main = page.getByRole('main');
  await main.getByRole('link', { name: /^Guides/ }).click();
  await expect(page).toHaveURL(`${app.url}/docs/guides`);
  await page.goBack();
  await main.getByRole('link', { name: /^Architecture/ }).click();
  await expect(page).toHaveURL(`${app.url}/docs/architecture`);
  await expect(page.getByRole('img', { name: /Architecture diagram/ })).toBeVisible();
});

test('links inside a page stay in the app, and the pager follows reading order', async ({
  page,
}) => {
  await page.goto(`${app.url}/docs/guides`);
  // Hydrated and the session known (the signed-out controls show): the app routes links now.
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'));
  await page
    .getByRole('main')
    .getByRole('link', { name: 'configuration file', exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(`${app.url}/docs/configuration`);
  await expect(page.getByRole('heading', { level: 1, name: 'Configuration file' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
    'still here',
  );
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  const pager = page.getByRole('navigation', { name: 'Previous and next page' });
  await pager.getByRole('link', { name: /Next.*Hierarchy Overview/ }).click();
  await expect(page).toHaveURL(`${app.url}/docs/hierarchy-overview`);
});

test('the docs carry the SPEC facts an operator needs', async ({ page }) => {
  await page.goto(`${app.url}/docs/pcdu-setpoint-configuration`);
  const main = page.getByRole('main');
  for (const text of ['0–10000 (0–100 %)', '3000 (30 %)', '0.0–55.0 K', '15.0 K']) {
    await expect(main).toContainText(text);
  }
  await page.goto(`${app.url}/docs/pcdu-overview`);
  await expect(page.getByRole('main')).toContainText('refreshes every 2 seconds');
  await expect(page.getByRole('main')).toContainText('23+ sensor metrics');
  await page.goto(`${app.url}/docs/configuration`);
  await expect(page.getByRole('main')).toContainText('/root/.brezza/agent.json');
});

test('an unknown docs address says so and keeps the navigation', async ({ page }) => {
  await page.goto(`${app.url}/docs/no-such-page`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(docsNav(page).locator('[aria-current="page"]')).toHaveCount(0);
  await page.getByRole('link', { name: 'documentation home' }).click();
  await expect(page).toHaveURL(`${app.url}/docs`);
});
