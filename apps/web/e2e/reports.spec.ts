import fs from 'node:fs';
import { test, expect, launchServer, LIVING_DEMO, PHONE } from './support/test';
import { adminCommand, authoriseUser, choosePassword, demoOperator, signIn } from './support/auth';

/**
 * The Reports page (issue 14): the demo organisation (Platino) downloads its executive report
 * as PDF and CSV; an organisation without a plan sees what Argento unlocks.
 */
const app = launchServer({ ...LIVING_DEMO });

test('downloads the demo organisation’s executive report as PDF and CSV', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, app.url, demoOperator(app.server()), { returnTo: '/reports' });
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByTestId('monthly-status')).toContainText(
    'No monthly report has been sent yet.',
  );
  if (process.env.REPORTS_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.REPORTS_SCREENSHOTS}/reports-desktop.png` });
  }

  // This month so far.
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await (await pdf).path();
  expect((await pdf).suggestedFilename()).toMatch(
    /^executive-report-\d{4}-\d{2}-01-to-\d{4}-\d{2}-01\.pdf$/,
  );
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

  // Chosen days: the last one before the first is refused before asking the server.
  await page.getByRole('radio', { name: 'Chosen days' }).click();
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('First day').fill(today);
  await page.getByLabel('Last day').fill('2020-01-01');
  await expect(page.getByText('to must be after from.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  await page.getByLabel('Last day').fill(today);
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await csv).suggestedFilename()).toMatch(/^executive-report-.+\.csv$/);
  const text = fs.readFileSync(await (await csv).path(), 'utf8');
  expect(text.split('\r\n')[0]).toBe('section,item,figure,unit,this_period,previous_period');
  expect(text).toContain('report,Demo Organisation,demo data,,yes,yes');
});

test('shows the page on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, app.url, demoOperator(app.server()), { returnTo: '/reports' });
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  if (process.env.REPORTS_SCREENSHOTS) {
    await page.screenshot({
      path: `${process.env.REPORTS_SCREENSHOTS}/reports-phone.png`,
      fullPage: true,
    });
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});

test('says what Argento unlocks to an organisation without a plan', async ({
  page,
  consoleErrors,
}) => {
  const user = { name: 'Nora Plan', email: 'nora@reports.example.com', organisation: 'No Plan Co' };
  await adminCommand(app.server(), ['create-organisation', '--name', user.organisation]);
  const link = await authoriseUser(app.server(), user);
  await choosePassword(page, link, 'a long reports password 1');
  await signIn(
    page,
    app.url,
    { email: user.email, password: 'a long reports password 1' },
    { returnTo: '/reports' },
  );
  await expect(page.getByText('Executive reports needs the Argento plan.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download PDF' })).toHaveCount(0);
  // The browser logs the refused call (403), which is the answer this page expects.
  const refused = consoleErrors.filter((error) => error.includes('status of 403'));
  expect(refused.length).toBeGreaterThan(0);
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => !refused.includes(e)),
  );
});
