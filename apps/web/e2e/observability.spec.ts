import { randomBytes } from 'node:crypto';
import { test, expect, launchServer, LIVING_DEMO, type Page } from './support/test';
import { demoOperator, signIn } from './support/auth';

/**
 * In-app observability against the real server (issue 11): the demo organisation's agents
 * streamed and backfilled 7 days on first start, so the overview charts a week at once; a
 * server's page charts its samples; and a sample pushed through the agent endpoint moves the
 * chart within 2 s, through the live stream.
 */
// The embedded store takes samples no older than its raw retention (48 h by default) and keeps
// older history only as rollups of what it took: a week of demo history needs a week of raw
// retention until the store accepts history into its rollups directly.
const app = launchServer({ ...LIVING_DEMO, METRICS_RAW_RETENTION_HOURS: '192' });

const DAY = 86_400_000;

/** The chart of a figure once it has drawn data. */
const chart = (page: Page, title: string) =>
  page.getByRole('figure', { name: title, exact: true }).getByTestId('chart');

/** A new server of the demo organisation, registered with a token from 'Add Devices'. */
async function newAgent(page: Page, serverName: string) {
  await page.goto(`${app.url}/devices`);
  const section = page.getByRole('region', { name: 'Add Devices' });
  await section.getByLabel('Server name').fill(serverName);
  await section.getByRole('button', { name: 'Generate installer command' }).click();
  const command = (await section.getByTestId('installer-command').textContent())!;
  const token = /--create-with-app-token (brz_[\w-]+)/.exec(command)![1]!;
  const machineId = randomBytes(16).toString('hex');
  const registered = await fetch(`${app.url}/api/agent/register`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      serverName,
      machineId,
      hostName: serverName,
      addresses: [],
      agentVersion: '0.1.0',
    }),
  });
  expect(registered.status).toBe(200);
  const { serverId } = (await registered.json()) as { serverId: number };
  const push = async (watts: number, collectedAt: Date) => {
    const response = await fetch(`${app.url}/api/agent/samples`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        machineId,
        agentVersion: '0.1.0',
        samples: [
          {
            collectedAt: collectedAt.toISOString(),
            cpu: { count: 4, usageRatio: 0.5 },
            power: [{ source: 'hwmon', domain: 'power_meter', watts, energyJoules: null }],
          },
        ],
      }),
    });
    expect(response.status).toBe(200);
  };
  return { serverId, push };
}

test('the demo organisation shows 7 days of charts, a server page, and charts that move live', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, app.url, demoOperator(app.server()), { returnTo: '/devices' });

  // The sub-navigation's Observability link defaults to the in-app pages, in a new tab.
  const link = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', {
    name: /Observability/,
  });
  await expect(link).toHaveAttribute('href', '/observability');
  await expect(link).toHaveAttribute('target', '_blank');

  await page.goto(`${app.url}/observability?range=7d`);
  await expect(page.getByRole('heading', { name: /Demo Organisation/ })).toBeVisible();
  await expect(page.getByText('Demo data').first()).toBeVisible();
  const power = chart(page, 'Power');
  await expect(power).toBeVisible();
  // A week at 30-minute steps: the first point is about 7 days ago (history is written server
  // by server in the background, so the first server's week is there within seconds).
  await expect(async () => {
    await page.reload();
    await expect(power).toBeVisible();
    const first = Number(await power.getAttribute('data-first'));
    expect(Date.now() - first).toBeGreaterThan(7 * DAY - 2 * 3_600_000);
    expect(Number(await power.getAttribute('data-points'))).toBeGreaterThan(300);
  }).toPass({ timeout: 120_000, intervals: [3000] });
  await expect(
    page.getByRole('figure', { name: 'Power', exact: true }).locator('canvas'),
  ).toHaveCount(1);

  // Drill down to a server through the top servers.
  await page
    .getByRole('heading', { name: 'Top servers by power' })
    .locator('..')
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(/\/observability\/servers\/\d+\?range=7d$/);
  const demoServerPage = page.url();
  // The top server may not have its week written yet: its rates (disk, network) chart from its
  // second live sample, 15 s after the first.
  await expect(async () => {
    await page.reload();
    for (const title of [
      'CPU usage',
      'Memory',
      'Load average',
      'Disk I/O',
      'Network',
      'Temperatures',
      'Power',
    ]) {
      await expect(chart(page, title)).toBeVisible({ timeout: 5000 });
    }
  }).toPass({ timeout: 90_000, intervals: [5000] });

  // A server of our own: its samples go through the agent endpoint like a real agent's.
  const agent = await newAgent(page, `e2e-live-${Date.now() % 100_000}`);
  await agent.push(300, new Date(Date.now() - 30_000));
  await page.goto(`${app.url}/observability/servers/${agent.serverId}?range=15m`);
  const live = chart(page, 'Power');
  await expect(live).toBeVisible();
  const headline = page.getByRole('figure', { name: 'Power', exact: true }).getByTestId('headline');
  await expect(headline).toHaveText('300 W');
  const before = Number(await live.getAttribute('data-last'));

  await agent.push(777, new Date());
  await expect(headline).toHaveText('777 W', { timeout: 2000 });
  expect(Number(await live.getAttribute('data-last'))).toBeGreaterThan(before);

  // Once their history is written, the demo servers push through the agent endpoint too.
  await page.goto(demoServerPage);
  const status = page.getByText('Status').locator('..');
  await expect(async () => {
    await page.reload();
    await expect(status).toContainText('Online', { timeout: 2000 });
  }).toPass({ timeout: 180_000, intervals: [5000] });
  await expect(status).toContainText('Last sample');
});
