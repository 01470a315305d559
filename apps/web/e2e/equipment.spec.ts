import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  DELTA_T_SETPOINT_MESSAGE,
  VALVE_SETPOINT_MESSAGE,
  roleRequiredMessage,
} from '@brezza/contract';
import { test, expect, launchServer, LIVING_DEMO, DESKTOP, PHONE, type Page } from './support/test';
import { adminCommand, authoriseUser, choosePassword, demoOperator, signIn } from './support/auth';

/**
 * The demo pCDU end to end (issue 12): the server's simulator speaks Modbus TCP on a port of
 * this spec's own, the agent's collectors read it through the gateway protocol, and the page
 * shows what arrives. Changes go pending → applied, and Debian's mbpoll reads them back from
 * the simulator. The tests share one server and run in order.
 */
const PCDU_PORT = 21000 + Math.floor(Math.random() * 8000);
const app = launchServer({ ...LIVING_DEMO, DEMO_PCDU_PORT: String(PCDU_PORT) });

/** Holding registers 0 (valve setpoint) and 1 (ΔT in tenths of a kelvin), read by mbpoll. */
async function readSetpoints(): Promise<[number, number]> {
  const { stdout } = await promisify(execFile)('mbpoll', [
    '-m',
    'tcp',
    '-p',
    String(PCDU_PORT),
    '-a',
    '1',
    '-t',
    '4',
    '-r',
    '1',
    '-c',
    '2',
    '-1',
    '127.0.0.1',
  ]);
  const value = (register: number) =>
    Number(new RegExp(`\\[${register}\\]:\\s+(-?\\d+)`).exec(stdout)?.[1]);
  return [value(1), value(2)];
}

/** Chromium logs every refused request as a console error; these refusals are the point. */
function expectRefusals(consoleErrors: string[]) {
  const others = consoleErrors.filter((error) => !/status of (400|403|409)/.test(error));
  consoleErrors.splice(0, consoleErrors.length, ...others);
}

async function openPcdu(page: Page, tab?: string) {
  await page.goto(`${app.url}/equipment`);
  await page.getByRole('link', { name: 'pCDU Hall A' }).click();
  await expect(page.getByRole('heading', { name: 'pCDU Hall A' })).toBeVisible();
  if (tab) await page.getByRole('tab', { name: tab }).click();
}

async function saveAndAwait(page: Page) {
  const status = page.getByTestId('command-status');
  // The status shows the latest command: wait for this save's, not the previous one's.
  const previous = (await status.count()) > 0 ? await status.getAttribute('data-command-id') : null;
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  if (previous !== null) {
    await expect(status).not.toHaveAttribute('data-command-id', previous, { timeout: 20_000 });
  }
  await expect(status).toHaveAttribute('data-status', /pending|applied/);
  await expect(status).toHaveAttribute('data-status', 'applied', { timeout: 20_000 });
}

test.describe.configure({ mode: 'serial' });

test('the demo pCDU is in the Devices table and its dashboard moves every 2 s', async ({
  page,
}) => {
  await signIn(page, app.url, demoOperator(app.server()), { returnTo: '/devices' });
  await page.getByRole('button', { name: 'Table View' }).click();
  // Name, descending: the PDUs and the pCDU come first, above the demo's servers.
  const table = page.getByRole('table').filter({ hasText: 'Machine ID' });
  await table.getByRole('button', { name: 'Name' }).click();
  await table.getByRole('button', { name: 'Name' }).click();
  const link = page.getByRole('link', { name: 'pCDU Hall A', exact: true });
  const row = page.locator('tr', { has: link });
  await expect(row).toContainText('pCDU');
  await row.getByRole('link', { name: 'pCDU Hall A', exact: true }).click();
  await expect(page).toHaveURL(/\/equipment\/\d+$/);

  const freshness = page.getByTestId('freshness');
  // The demo gateway's first reading after the server starts (a minute on a busy machine).
  await expect(freshness).toHaveAttribute('data-stale', 'false', { timeout: 60_000 });
  await expect(freshness).toContainText(/updated \d+ s ago/);
  const values = () => page.locator('[data-testid^="value-"]').allInnerTexts();
  const before = await values();
  expect(before.length).toBeGreaterThan(15);
  await expect
    .poll(async () => (await values()).join('|'), { timeout: 5_000 })
    .not.toBe(before.join('|'));
});

test('readings arrive over the live stream, not by polling; a silent unit shows stale', async ({
  page,
}) => {
  await signIn(page, app.url, demoOperator(app.server()), { returnTo: '/equipment' });
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/api\/equipment\/\d+$/.test(request.url()))
      reads.push(request.url());
  });
  await openPcdu(page);
  const live = page.getByTestId('live-status');
  await expect(live).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
  await expect(live).toHaveText('Live');
  const freshness = page.getByTestId('freshness');
  await expect(freshness).toHaveAttribute('data-stale', 'false', { timeout: 20_000 });

  // The unit falls silent: no reading comes, so the page reads nothing (no timer), and after
  // three poll periods it says its values are stale.
  await adminCommand(app.server(), [
    'simulate-fault',
    '--device',
    'pCDU Hall A',
    '--fault',
    'offline',
  ]);
  await expect(freshness).toHaveAttribute('data-stale', 'true', { timeout: 20_000 });
  await expect(page.getByText('The unit stopped answering')).toBeVisible();
  const silent = reads.length;
  await page.waitForTimeout(6_000);
  expect(reads.length, 'the page polled a silent unit').toBe(silent);
  await expect(live).toHaveAttribute('data-state', 'live');

  // It answers again: its next reading reaches the page through the stream within seconds.
  await adminCommand(app.server(), [
    'simulate-fault',
    '--device',
    'pCDU Hall A',
    '--fault',
    'clear',
  ]);
  await expect(freshness).toHaveAttribute('data-stale', 'false', { timeout: 10_000 });
  expect(reads.length).toBeGreaterThan(silent);
});

test('the page says when the live connection drops, polls meanwhile, and reconnects', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, app.url, demoOperator(app.server()), { returnTo: '/equipment' });
  // The first three attempts to open the stream are refused, as by a proxy that does not pass it.
  let refusals = 0;
  await page.route('**/api/metrics/stream*', async (route) => {
    if (refusals < 3) {
      refusals += 1;
      await route.fulfill({ status: 502, body: 'Bad gateway' });
    } else await route.continue();
  });
  const reads: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/api\/equipment\/\d+$/.test(request.url()))
      reads.push(Date.now());
  });
  await openPcdu(page);
  const live = page.getByTestId('live-status');
  await expect(live).toHaveAttribute('data-state', 'retrying');
  await expect(live).toContainText('Live updates disconnected');
  await expect(live).toContainText('reading the unit every 2 s meanwhile');
  // Meanwhile the page reads the unit every 2 s (backoff: 1 s, 2 s, then 4 s before the fourth
  // attempt, which gets through).
  const before = reads.length;
  await expect.poll(() => reads.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(before + 2);
  await expect(live).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  expect(refusals).toBe(3);
  await expect(page.getByTestId('freshness')).toHaveAttribute('data-stale', 'false');
  // Chromium logs each refused attempt; those refusals are the point.
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((error) => !/status of 502/.test(error)),
  );
});

test('a setpoint out of range gets its message, and nothing is sent', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, app.url, demoOperator(app.server()), { returnTo: '/equipment' });
  await openPcdu(page, 'Setpoint Config');
  await page.getByLabel('Valve setpoint (%)').fill('100.5');
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(page.getByText(VALVE_SETPOINT_MESSAGE)).toBeVisible();
  await page.getByLabel('Valve setpoint (%)').fill('30');
  await page.getByLabel('ΔT setpoint (K)').fill('15.05');
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(page.getByText(DELTA_T_SETPOINT_MESSAGE)).toBeVisible();
  await expect(page.getByTestId('command-status')).toHaveCount(0);
  expectRefusals(consoleErrors);
});

test('a valid setpoint goes pending → applied and the simulator holds it', async ({ page }) => {
  await signIn(page, app.url, demoOperator(app.server()), { returnTo: '/equipment' });
  await openPcdu(page, 'Setpoint Config');
  await page.getByLabel('Valve setpoint (%)').fill('42.5');
  await page.getByLabel('ΔT setpoint (K)').fill('12.3');
  await saveAndAwait(page);
  expect(await readSetpoints()).toEqual([4250, 123]);

  await page.getByRole('button', { name: 'Reset to Defaults' }).click();
  await expect(page.getByLabel('Valve setpoint (%)')).toHaveValue('30.00');
  await expect(page.getByLabel('ΔT setpoint (K)')).toHaveValue('15.0');
  await saveAndAwait(page);
  expect(await readSetpoints()).toEqual([3000, 150]);
});

test('a viewer reads the unit but is offered no change, and the server refuses one', async ({
  browser,
}) => {
  const server = app.server();
  const link = await authoriseUser(server, { name: 'Vera Viewer', email: 'vera@example.com' });
  const role = await adminCommand(server, [
    'set-role',
    '--email',
    'vera@example.com',
    '--role',
    'viewer',
  ]);
  expect(role.stdout).toContain('is now viewer');
  const context = await browser.newContext();
  const page = await context.newPage();
  await choosePassword(page, link, 'vera-password-1');
  await signIn(
    page,
    app.url,
    { email: 'vera@example.com', password: 'vera-password-1' },
    {
      returnTo: '/equipment',
    },
  );
  await expect(page.getByRole('heading', { name: 'Add equipment' })).toHaveCount(0);
  await openPcdu(page, 'Setpoint Config');
  await expect(page.getByText('changing them needs the operator role')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Configuration' })).toHaveCount(0);
  await expect(page.getByLabel('Valve setpoint (%)')).toBeDisabled();

  // The server enforces it too: the call the button would make, with the viewer's own token
  // (taken from the page's next read), is a 403 naming the role.
  const read = await page.waitForRequest((request) => /\/api\/equipment\/\d+$/.test(request.url()));
  const response = await page.request.post(`${read.url()}/commands`, {
    headers: { authorization: read.headers()['authorization']! },
    data: { setpoints: { valveSetpoint: 5000 } },
  });
  const refusal = { status: response.status(), body: (await response.json()) as unknown };
  expect(refusal).toEqual({ status: 403, body: { error: roleRequiredMessage('operator') } });
  await context.close();
});

test('the audit log shows each change with before → after and the result', async ({ page }) => {
  await signIn(page, app.url, demoOperator(app.server()), { returnTo: '/audit-log' });
  await page.getByLabel('Object').selectOption('pcdu');
  const rows = page.locator('[data-audit-entry]');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('valveSetpoint: 3000');
  await expect(rows.nth(0)).toContainText('deltaTSetpoint: 15');
  await expect(rows.nth(0)).toContainText('applied');
  await expect(rows.nth(1)).toContainText('valveSetpoint: 4250');
  await expect(rows.nth(1)).toContainText('deltaTSetpoint: 12.3');
  await expect(rows.nth(1)).toContainText('Demo Operator');
});

test('a leak injected by staff turns the dashboard red', async ({ page }) => {
  await signIn(page, app.url, demoOperator(app.server()), { returnTo: '/equipment' });
  await openPcdu(page);
  const result = await adminCommand(app.server(), [
    'simulate-fault',
    '--device',
    'pCDU Hall A',
    '--fault',
    'leak',
  ]);
  expect(result.stdout).toContain('Injected "leak"');
  await expect(page.getByTestId('health')).toContainText('Fault', { timeout: 10_000 });
  await expect(page.getByTestId('value-waterleak')).toContainText('YES');
  await adminCommand(app.server(), [
    'simulate-fault',
    '--device',
    'pCDU Hall A',
    '--fault',
    'clear',
  ]);
  await expect(page.getByTestId('value-waterleak')).toContainText('NO', { timeout: 10_000 });
});

test('every equipment page reads well on a desktop and a phone', async ({ page }, testInfo) => {
  await signIn(page, app.url, demoOperator(app.server()), { returnTo: '/equipment' });
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await openPcdu(page);
    for (const tab of [
      'Dashboard',
      'Sensors',
      'Setpoint Config',
      'Network Config',
      'System Health',
    ]) {
      await page.getByRole('tab', { name: tab }).click();
      await page.screenshot({
        path: testInfo.outputPath(`pcdu-${tab}-${name}.png`),
        fullPage: true,
      });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${tab} on ${name} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    await page.goto(`${app.url}/equipment`);
    await page.getByRole('link', { name: 'PDU A-01' }).click();
    await expect(page.locator('[data-outlet]').first()).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: testInfo.outputPath(`pdu-${name}.png`), fullPage: true });
    for (const [path, label] of [
      ['/equipment', 'Equipment'],
      ['/audit-log', 'Audit Log'],
      ['/users', 'Users'],
    ] as const) {
      await page.goto(`${app.url}${path}`);
      await page.waitForLoadState('networkidle');
      // The page's own link in the sub-navigation is in view and named, on a phone too (where
      // the other links show their icons only).
      const current = page
        .getByRole('navigation', { name: 'Dashboard' })
        .locator('[aria-current="page"]');
      await expect(current).toBeInViewport({ ratio: 1 });
      const shown = await current.getByText(label, { exact: true }).boundingBox();
      expect(shown?.width, `${label} named on ${name}`).toBeGreaterThan(20);
      await page.screenshot({
        path: testInfo.outputPath(`${path.slice(1)}-${name}.png`),
        fullPage: true,
      });
    }
  }
});
