import { test, expect, launchServer, LIVING_DEMO, DESKTOP, PHONE } from './support/test';
import { demoOperator, signIn } from './support/auth';

/**
 * Predictions in the app (issue 15): the demo organisation (Platino, demo data) shows "Unusual
 * now" and the time-to-threshold forecasts on its observability overview and on its pCDU's
 * dashboard, labelled as demo data.
 */
const app = launchServer({ ...LIVING_DEMO, METRICS_RAW_RETENTION_HOURS: '192' });

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`the demo shows what is unusual now and forecasts (${name})`, async ({ page }) => {
    // The demo backfills a week of history on first start while the pages load.
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signIn(page, app.url, demoOperator(app.server()), { returnTo: '/observability' });

    const unusual = page.getByTestId('unusual-now');
    await expect(unusual.getByRole('heading', { name: /Unusual now/ })).toBeVisible();
    await expect(unusual.getByText('Demo data')).toBeVisible();
    // Models need an hour of the demo's live minutes; until then the panel says it is learning.
    await expect(
      unusual.getByText(/Learning what is normal here|Nothing unusual|score/).first(),
    ).toBeVisible();
    const forecasts = page.getByTestId('forecasts');
    await expect(forecasts.getByRole('heading', { name: /Time to threshold/ })).toBeVisible();
    await expect(
      forecasts.getByText(/reaches|does not reach|not trending|Nothing reaches/).first(),
    ).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath(`observability-${name}.png`),
      fullPage: true,
    });

    await page.goto(`${app.url}/equipment`);
    await page.getByRole('link', { name: 'pCDU Hall A' }).first().click();
    await expect(page.getByRole('heading', { name: 'pCDU Hall A' })).toBeVisible();
    await expect(page.getByTestId('unusual-now')).toBeVisible({ timeout: 30_000 });
    const capacity = page
      .getByTestId('forecasts')
      .getByText(/pCDU Hall A/)
      .first();
    // Its trend needs the unit's backfilled week, which may still be arriving.
    await expect(async () => {
      await page.reload();
      await expect(capacity).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 90_000 });
    await page.screenshot({ path: test.info().outputPath(`pcdu-${name}.png`), fullPage: true });
  });
}
