import { test, expect, launchServer, LIVING_DEMO, DESKTOP, PHONE, type Page } from './support/test';
import { demoOperator, signIn } from './support/auth';

/**
 * Issue 15 as a new operator tries it in the demo organisation (Platino): the demo pCDU's twin,
 * calibrated on its backfilled history, shows a recommendation with its predicted saving;
 * applying it goes pending → applied through the unit's real Modbus path; the dashboard's feed
 * shows it too. The tests share one server and run in order.
 */
const PCDU_PORT = 21000 + Math.floor(Math.random() * 8000);
const app = launchServer({ ...LIVING_DEMO, DEMO_PCDU_PORT: String(PCDU_PORT) });

async function openRecommendations(page: Page) {
  await page.goto(`${app.url}/equipment`);
  await page.getByRole('link', { name: 'pCDU Hall A' }).click();
  await expect(page.getByRole('heading', { name: 'pCDU Hall A' })).toBeVisible();
  // The twin is tried on the unit's current load: wait for the gateway's first reading.
  await expect(page.getByTestId('freshness')).toHaveAttribute('data-stale', 'false', {
    timeout: 30_000,
  });
  await page.getByRole('tab', { name: 'Recommendations' }).click();
}

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test('the demo pCDU shows a recommendation with its predicted saving, labelled demo data', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, app.url, demoOperator(app.server()));
  await openRecommendations(page);
  const panel = page.getByRole('region', { name: 'Recommendations' });
  await expect(panel.getByText('Demo data')).toBeVisible();
  const proposal = panel.getByTestId('recommendation').first();
  await expect(proposal).toHaveAttribute('data-status', 'proposed', { timeout: 30_000 });
  await expect(proposal).toContainText('Predicted cooling energy');
  await expect(proposal).toContainText(/−\d+\.\d %/);
  await expect(proposal).toContainText(/(Low|Medium) risk: /);
  await expect(panel).toContainText('Fit error (RMS)');
  await page.screenshot({ path: 'test-results/recommendations-desktop.png', fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: 'test-results/recommendations-phone.png', fullPage: true });
});

test('applying it asks first, then goes pending → applied', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, app.url, demoOperator(app.server()));
  await openRecommendations(page);
  const proposal = page.getByTestId('recommendation').first();
  await expect(proposal).toHaveAttribute('data-status', 'proposed', { timeout: 30_000 });
  await proposal.getByRole('button', { name: 'Apply' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply these setpoints?' });
  await expect(dialog).toContainText('audit log');
  await dialog.getByRole('button', { name: 'Apply setpoints' }).click();
  await expect(dialog).toBeHidden();
  await expect(proposal).toHaveAttribute('data-status', /pending|applied/);
  await expect(proposal).toHaveAttribute('data-status', 'applied', { timeout: 30_000 });
  await expect(proposal).toContainText('Measuring…');
  await expect(page.getByRole('button', { name: 'Revert to previous setpoints' })).toBeVisible();
});

test('the dashboard feed shows the recommendations', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, app.url, demoOperator(app.server()), { returnTo: '/observability' });
  const feed = page.getByRole('region', { name: 'Recommendations feed' });
  await expect(feed.getByTestId('recommendation').first()).toBeVisible({ timeout: 30_000 });
  await expect(feed).toContainText('pCDU Hall A');
  await feed.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/recommendations-feed-desktop.png', fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: 'test-results/recommendations-feed-phone.png', fullPage: true });
});
