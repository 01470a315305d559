import { test, expect, launchServer, PHONE } from './support/test';

const app = launchServer();

test('/debug shows exactly the not-available text', async ({ page }) => {
  await page.goto(`${app.url}/debug`);
  await expect(page.locator('body')).toContainText(
    '404 - Page Not Found. This page is not available in the current environment.',
  );
});

test('an unknown route shows the application error page with a way home', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(`${app.url}/no/such/page`);
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(`${app.url}/`);
  // React Router logs the 404 it throws for an unknown route; nothing else may be logged.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes('404')));
});
