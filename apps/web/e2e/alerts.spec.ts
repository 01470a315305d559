import { test, expect, launchServer, LIVING_DEMO, DESKTOP, PHONE } from './support/test';
import { adminCommand, demoOperator, signIn } from './support/auth';

/**
 * Alerts as a new user meets them (issue 13): staff inject a leak into the demo pCDU's
 * simulator, the alert shows on /alerts and in the sub-navigation's badge within 10 s; the
 * operator silences it, the fault is cleared, and the history says it resolved.
 */
const PCDU_PORT = 21000 + Math.floor(Math.random() * 8000);
const app = launchServer({ ...LIVING_DEMO, DEMO_PCDU_PORT: String(PCDU_PORT) });

test.describe.configure({ mode: 'serial' });

test('a leak fires within 10 s, is silenced, and resolves when cleared', async ({
  page,
}, testInfo) => {
  // The demo's simulators start once its 7-day backfill is written: long on a busy machine.
  test.setTimeout(300_000);
  await signIn(page, app.url, demoOperator(app.server()), { returnTo: '/alerts' });
  await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible();
  const leak = page.locator('[data-alert]', { hasText: 'pCDU water leak' });
  await expect(leak).toHaveCount(0);

  // The demo's simulators and agent start with the server: inject once the unit answers.
  const inject = (fault: string) =>
    adminCommand(app.server(), ['simulate-fault', '--device', 'pCDU Hall A', '--fault', fault]);
  await expect
    .poll(async () => (await inject('leak')).stdout, { timeout: 180_000, intervals: [2_000] })
    .toContain('Injected "leak"');
  await expect(leak).toBeVisible({ timeout: 10_000 });
  await expect(leak).toContainText('Critical');
  await expect(leak).toContainText('pCDU Hall A');
  const badge = page.locator('[data-alert-badge]');
  await expect(badge).toBeVisible();
  const firing = Number(await badge.textContent());
  expect(firing).toBeGreaterThanOrEqual(1);

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`${app.url}/alerts`);
    await expect(leak).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`alerts-${name}.png`), fullPage: true });
    // The sub-navigation scrolls sideways on a phone; the page itself must not.
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
  }
  await page.setViewportSize(DESKTOP);

  // The Devices tree: a red dot on the pCDU's datacenter, naming the rule.
  await page.getByRole('link', { name: 'Devices' }).click();
  await expect(
    page.locator('[data-kind="datacenter"] [data-health="red"]').first(),
  ).toHaveAttribute('aria-label', /Critical: pCDU water leak on pCDU Hall A/);
  await page.screenshot({ path: testInfo.outputPath('devices-health.png') });
  // System Health names the rule too.
  await page.getByRole('link', { name: 'Equipment' }).click();
  await page.getByRole('link', { name: 'pCDU Hall A' }).click();
  await page.getByRole('tab', { name: 'System Health' }).click();
  await expect(page.locator('[data-subsystem="alerts"]')).toContainText(
    'Critical: pCDU water leak',
  );
  await page.screenshot({ path: testInfo.outputPath('system-health.png') });
  await page
    .getByRole('link', { name: /Alerts/ })
    .first()
    .click();

  await leak.getByRole('button', { name: 'Silence…' }).click();
  await leak.getByLabel('Why (shown to everyone)').fill('Drying the floor under the unit');
  await leak.getByRole('button', { name: 'Silence', exact: true }).click();
  await page.getByRole('tab', { name: /Silenced/ }).click();
  await expect(page.locator('[data-alert]', { hasText: 'pCDU water leak' })).toContainText(
    'Silenced',
  );
  // A silenced alert no longer counts on the badge.
  if (firing > 1) await expect(badge).toHaveText(String(firing - 1));
  else await expect(badge).toHaveCount(0);

  expect((await inject('clear')).stdout).toContain('Cleared every fault');
  await expect(page.locator('[data-alert]', { hasText: 'pCDU water leak' })).toHaveCount(0, {
    timeout: 10_000,
  });
  await page.getByRole('tab', { name: 'History' }).click();
  const rows = page.getByRole('row', { name: /pCDU water leak/ });
  await expect(rows.first()).toContainText('Resolved');
  await expect(rows.nth(1)).toContainText('Firing');
});
