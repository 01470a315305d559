import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test, expect, launchServer, PHONE, type Page } from './support/test';
import { demoOperator, signIn } from './support/auth';

/**
 * Managing many servers (issue 16) as an operator does it on the demo organisation: find a
 * server by the last octets of its address, export the hierarchy, edit the CSV (a new room and
 * rack, ten servers moved), import it with a dry run and then for real, and install a server
 * straight into a rack with the generated command (run with --no-service, as in
 * onboarding.spec.ts, with a `sudo` that only runs its arguments).
 */
// The demo's pCDU, PDUs and their gateway are among the devices counted and sorted here.
const app = launchServer({ DEMO_EQUIPMENT: 'on' });

let work: string;
test.beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-bulk-e2e-'));
  fs.mkdirSync(path.join(work, 'bin'));
  fs.writeFileSync(path.join(work, 'bin', 'sudo'), '#!/bin/sh\nexec "$@"\n', { mode: 0o755 });
});
test.afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function openDevices(page: Page, query = '') {
  await signIn(page, app.url, demoOperator(app.server()), { returnTo: `/devices${query}` });
  await expect(page.getByRole('heading', { name: 'Device Hierarchy' })).toBeVisible();
}

const rackNode = (page: Page, name: string) =>
  page.locator('[data-kind="rack"]').filter({ has: page.locator(`[title="${name}"]`) });

test('finds a server by the last octets of its address, in both views, with the search in the URL', async ({
  page,
}) => {
  await openDevices(page);
  await page.getByRole('button', { name: 'Table View' }).click();
  const first = page.locator('tr[data-server-id]').first();
  const name = (await first.locator('td').nth(0).innerText()).trim();
  const address = (await first.locator('td').nth(1).innerText()).trim();
  const lastOctets = address.split('.').slice(2).join('.');

  const box = page.getByRole('searchbox', { name: 'Search devices' });
  await box.fill(lastOctets);
  await expect(page.getByTestId('search-count')).toHaveText(/^\d+ of 42 devices$/);
  await expect(page.locator('tr[data-server-id]').filter({ hasText: name })).toHaveCount(1);
  expect(new URL(page.url()).searchParams.get('q')).toBe(lastOctets);

  // The tree: only the path to the match, opened.
  await page.getByRole('button', { name: 'Hierarchy View' }).click();
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await page.reload();
  await expect(box).toHaveValue(lastOctets);
  await expect(page.getByText(name, { exact: true })).toBeVisible();

  // Every address (the demo's servers use three documentation ranges), then only those waiting
  // in Unassigned.
  await box.fill('0.0.0.0/0');
  await expect(page.getByTestId('search-count')).toHaveText(/^\d+ of 42 devices$/);
  await page.getByRole('combobox', { name: 'Placement' }).selectOption('unassigned');
  await expect(page.locator('[data-kind="rack"]')).toHaveCount(1);
  await expect(rackNode(page, 'Unassigned')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('search-count')).toHaveText('');
});

test('exports the hierarchy, imports an edited copy with a dry run, then applies it', async ({
  page,
}) => {
  await openDevices(page);
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = path.join(work, 'hierarchy.csv');
  await (await downloaded).saveAs(file);
  const original = fs.readFileSync(file, 'utf8');
  expect(original.split('\r\n')[0]).toBe('type,datacenter,location,room,rack,server,machineId');

  // As in a spreadsheet: a new room with a rack, and ten servers moved into it.
  let moved = 0;
  const edited = original
    .split('\r\n')
    .map((line) =>
      /^server,Milan North,,Hall A,/.test(line) && moved++ < 10
        ? line.replace(/^server,Milan North,,Hall A,[^,]+,/, 'server,Milan North,,Hall Z,Z-01,')
        : line,
    )
    .join('\r\n')
    .concat('room,Milan North,,Hall Z,,,\r\nrack,Milan North,,Hall Z,Z-01,,\r\n');
  expect(moved).toBeGreaterThanOrEqual(10);
  fs.writeFileSync(file, edited);

  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Hierarchy' });
  await dialog.getByLabel('File').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('import-counts')).toHaveText(
    /^2 created · 10 changed · \d+ unchanged · 0 refused$/,
  );
  await expect(dialog.getByText('Milan North / Hall Z / Z-01')).toBeVisible();
  // Nothing is written by the preview.
  await expect(rackNode(page, 'Z-01')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Apply import' }).click();
  await expect(dialog.getByText('Imported: 2 created, 10 changed.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('searchbox', { name: 'Search devices' }).fill('Z-01');
  await expect(rackNode(page, 'Z-01')).toContainText('10 items');

  // A file with a refused row cannot be applied.
  fs.writeFileSync(file, 'type,server,machineId\r\nserver,ghost,0000ffff\r\n');
  await page.getByRole('button', { name: 'Import' }).click();
  await dialog.getByLabel('File').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('No server with machine ID 0000ffff')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Apply import' })).toBeDisabled();
});

async function runInstaller(command: string, configDir: string) {
  return promisify(execFile)(
    'bash',
    ['-c', `${command} --no-service --config-dir '${configDir}'`],
    {
      cwd: work,
      env: { PATH: `${path.join(work, 'bin')}:${process.env.PATH ?? ''}`, HOME: work },
      timeout: 60_000,
    },
  );
}

test('installs a server straight into the rack chosen in Add Devices', async ({ page }) => {
  test.setTimeout(120_000);
  await openDevices(page);
  const section = page.getByRole('region', { name: 'Add Devices' });
  const generate = async (serverName: string) => {
    await section.getByLabel('Server name').fill(serverName);
    await section.getByRole('button', { name: 'Generate installer command' }).click();
    await expect(section.getByTestId('installer-command')).toContainText(serverName);
    return (await section.getByTestId('installer-command').textContent())!;
  };

  // A rack that does not exist: the installer warns and the server waits in Unassigned.
  const plain = await generate('e2e-rack-missing');
  expect(plain).toMatch(/--create-with-server-name e2e-rack-missing$/);
  const missing = await runInstaller(
    `${plain} --rack 'Nowhere / Hall / R-9'`,
    path.join(work, 'a'),
  );
  expect(missing.stdout).toContain(
    `Warning: No rack "Nowhere / Hall / R-9" in this organisation: the server was placed in 'Unassigned'.`,
  );

  await section.getByLabel('Rack (optional)').selectOption('Milan North / Hall A / A-02');
  const command = await generate('e2e-racked');
  expect(command).toMatch(
    /--create-with-server-name e2e-racked --rack='Milan North \/ Hall A \/ A-02'$/,
  );
  const placed = await runInstaller(command, path.join(work, 'b'));
  expect(placed.stdout).toContain('Placed it in rack Milan North / Hall A / A-02.');

  await page.goto(`${app.url}/devices?q=e2e-racked`);
  await expect(rackNode(page, 'A-02')).toContainText('1 item');
  await expect(page.locator('tr[data-server-id]').filter({ hasText: 'e2e-racked' })).toHaveCount(1);
});

test('search and import fit a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openDevices(page, '?q=mil-web');
  await expect(page.getByTestId('search-count')).toHaveText(/^\d+ of \d+ devices$/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
