import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test, expect, launchServer, type Page } from './support/test';
import { demoOperator, signIn } from './support/auth';

/**
 * Onboarding as a new operator does it (issue 5): sign in, generate the installer command on the
 * Devices page, copy it, run it — the built installer, downloaded from this server — see the
 * server in the Devices table with its machine ID and IPv4; then rename it in the client's
 * config, restart the client and see the new name.
 *
 * The command runs as it was copied, plus `--no-service --config-dir <tmp>` (no systemd unit is
 * installed on the test machine) and with a `sudo` that only runs its arguments: the test may
 * run without root or without sudo installed, and --no-service needs neither.
 */

const app = launchServer();
const machineId = fs.readFileSync('/etc/machine-id', 'utf8').trim().toLowerCase();

let work: string;
const clients: ChildProcess[] = [];

test.beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-onboarding-e2e-'));
  const bin = path.join(work, 'bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, 'sudo'), '#!/bin/sh\nexec "$@"\n', { mode: 0o755 });
});

test.afterAll(async () => {
  for (const client of clients) await stop(client);
  fs.rmSync(work, { recursive: true, force: true });
});

/** Runs the copied installer command in the work directory, without installing a service. */
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

/** The client in service mode, resolved once it has registered with the server. */
async function startClient(configDir: string): Promise<{ process: ChildProcess; output: string }> {
  const child = spawn(
    path.join(work, 'brezza-agent'),
    ['run', '--config-dir', configDir, '--interval', '1'],
    {
      cwd: work,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  clients.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the client did not register:\n${output}`)),
      20_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Registered as')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the client exited with ${code}:\n${output}`));
    });
  });
  return { process: child, output };
}

/** SIGTERM, as systemd stops the service; answers the exit code. */
async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  child.kill('SIGTERM');
  return exited;
}

/** The table row of a server, scrolling the virtualised table until it is rendered. */
async function serverRow(page: Page, name: string) {
  await page.getByRole('button', { name: 'Table View' }).click();
  const scroller = page.getByTestId('devices-table-scroller');
  const row = scroller
    .locator('tbody tr')
    // The name cell also holds the server's online status: its title is the name alone.
    .filter({ has: page.locator(`td[title="${name}"]`) });
  for (let top = 0; (await row.count()) === 0 && top < 200_000; top += 400) {
    await scroller.evaluate((element, y) => element.scrollTo(0, y), top);
  }
  return row;
}

test('a new server onboarded with the generated installer command shows up, and can be renamed from its config', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
  await signIn(page, app.url, demoOperator(app.server()), { returnTo: '/devices' });

  const section = page.getByRole('region', { name: 'Add Devices' });
  await expect(section).toBeVisible();
  const nameField = section.getByLabel('Server name');
  await expect(nameField).toHaveValue(/^[a-z]+-[a-z]+-([1-9][0-9]?|100)$/);

  await nameField.fill('');
  await section.getByRole('button', { name: 'Generate installer command' }).click();
  await expect(section.getByRole('alert')).toHaveText('Server name is required.');

  const serverName = `e2e-onboarded-${Date.now() % 100_000}`;
  await nameField.fill(serverName);
  await section.getByRole('button', { name: 'Generate installer command' }).click();
  const commandBox = section.getByTestId('installer-command');
  await expect(commandBox).toContainText(`${app.url}/static/brezza-agent`);
  const command = (await commandBox.textContent())!;
  expect(command).toMatch(
    new RegExp(`--create-with-app-token brz_[\\w-]+ --create-with-server-name ${serverName}$`),
  );

  await section.getByRole('button', { name: 'Copy command' }).click();
  await expect(section.getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);

  const configDir = path.join(work, 'config');
  const installed = await runInstaller(command, configDir);
  expect(installed.stdout).toContain(`Registered this machine as "${serverName}"`);
  expect(fs.statSync(path.join(configDir, 'agent.json')).mode & 0o777).toBe(0o600);

  await page.reload();
  let row = await serverRow(page, serverName);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('127.0.0.1');
  await expect(row).toContainText(machineId.slice(-13));
  await expect(row.locator(`[title="${machineId}"]`)).toHaveCount(1);

  // The service picks up a name changed in its config when it restarts.
  const client = await startClient(configDir);
  expect(client.output).toContain(`Registered as "${serverName}"`);
  const file = path.join(configDir, 'agent.json');
  const config = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.writeFileSync(
    file,
    JSON.stringify({ ...config, serverName: `${serverName}-renamed` }, null, 2),
  );
  expect(await stop(client.process)).toBe(0);
  const restarted = await startClient(configDir);
  expect(restarted.output).toContain(`Registered as "${serverName}-renamed"`);

  await page.reload();
  row = await serverRow(page, `${serverName}-renamed`);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('127.0.0.1');
  await expect(page.locator(`td[title="${serverName}"]`)).toHaveCount(0);
  expect(await stop(restarted.process)).toBe(0);
});
