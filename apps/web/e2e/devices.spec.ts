import { test, expect, launchServer, PHONE, type Page } from './support/test';
import { adminCommand, demoOperator, signIn } from './support/auth';

/**
 * The Devices page against the real server and the demo organisation's hierarchy (SPEC §2-§5,
 * §8): counts and empty states, Unassigned groups, the ten dialogs with their messages, the
 * table's sorting and tooltip, drag and drop, and the metrics refresh after a burst of changes.
 * The tests share one server and run in order; each uses names of its own.
 */
// The demo's pCDU, PDUs and their gateway are among the devices counted and sorted here.
const app = launchServer({ DEMO_EQUIPMENT: 'on' });

const REFRESH_PATH = '/api/refresh_prometheus';

async function openDevices(page: Page) {
  await signIn(page, app.url, demoOperator(app.server()), { returnTo: '/devices' });
  await expect(page.getByRole('heading', { name: 'Device Hierarchy' })).toBeVisible();
  await expect(page.locator('[data-kind="datacenter"]').first()).toBeVisible();
}

/** The row of a named tree node (its name carries a `title`). */
const node = (page: Page, kind: 'datacenter' | 'room' | 'rack', name: string) =>
  page.locator(`[data-kind="${kind}"]`).filter({ has: page.locator(`[title="${name}"]`) });

/** The tree node (row and children) of a named node. */
const branch = (page: Page, kind: 'datacenter' | 'room' | 'rack', name: string) =>
  page
    .getByRole('listitem')
    .filter({ has: node(page, kind, name) })
    .last();

const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** Chromium logs every failed request as a console error; these failures are the point. */
function expectFailedRequests(consoleErrors: string[], statuses: number[]) {
  const expected = new RegExp(`status of (${statuses.join('|')})`);
  const others = consoleErrors.filter((error) => !expected.test(error));
  consoleErrors.splice(0, consoleErrors.length, ...others);
}

test('a cold start on the page asks for its lists while its code loads, each once', async ({
  page,
}) => {
  await openDevices(page);
  const asked = new Map<string, number>();
  let racksAsked = () => {};
  const racksAskedBefore = new Promise<void>((resolve) => (racksAsked = resolve));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!/^\/api\/(servers|datacenters|rooms|racks)$/.test(pathname)) return;
    asked.set(pathname, (asked.get(pathname) ?? 0) + 1);
    if (pathname === '/api/racks') racksAsked();
  });
  // The page's modules are held until the lists have been asked for: started by the route,
  // not by the page's code.
  await page.route('**/assets/devices-*.js', async (route) => {
    await racksAskedBefore;
    await route.continue();
  });
  await page.reload();
  await expect(node(page, 'datacenter', 'Milan North')).toContainText('2 items');
  for (const list of ['/api/datacenters', '/api/rooms', '/api/racks']) {
    expect(asked.get(list), list).toBe(1);
  }
  // Read in a worker (fetchOffMainThread): counted only where the browser reports it.
  expect(asked.get('/api/servers') ?? 1).toBe(1);
});

test('shows the demo hierarchy: counts, empty states and Unassigned groups', async ({ page }) => {
  await openDevices(page);
  await expect(page.getByRole('button', { name: 'Hierarchy View' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const legend = page.getByRole('list', { name: 'Legend' });
  for (const label of ['Datacenter', 'Room', 'Rack', 'Device']) {
    await expect(legend).toContainText(label);
  }

  await expect(node(page, 'datacenter', 'Milan North')).toContainText('2 items');
  await expect(node(page, 'datacenter', 'Milan North')).toContainText('Milan, Italy');
  await expect(node(page, 'room', 'Test Lab')).toContainText('1 item');
  await expect(node(page, 'room', 'Cold Aisle 2')).toContainText('No racks');
  await expect(node(page, 'rack', 'B-02')).toContainText('No devices in this rack');
  // Empty nodes cannot be expanded.
  await expect(page.getByRole('button', { name: 'Expand rack B-02' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Expand room Cold Aisle 2' })).toBeDisabled();

  // Unassigned at every level, last, and without edit or delete.
  const datacenters = page.locator('[data-kind="datacenter"]');
  await expect(datacenters.last()).toContainText('Unassigned');
  const unassigned = node(page, 'datacenter', 'Unassigned');
  await expect(unassigned.getByRole('button', { name: /^(Edit|Delete)/ })).toHaveCount(0);
  await expect(node(page, 'rack', 'Unassigned')).toContainText('4 items');
  await expect(branch(page, 'rack', 'Unassigned')).toContainText('new-node-01');
  await expect(node(page, 'rack', 'Unassigned').getByRole('button', { name: /^Edit/ })).toHaveCount(
    0,
  );
  // Named rows have both; every server row has an edit button.
  await expect(
    node(page, 'rack', 'A-01').getByRole('button', { name: 'Edit rack A-01' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit server mil-web-01' })).toBeVisible();

  // Collapsing hides the children.
  await page.getByRole('button', { name: 'Collapse datacenter Milan North' }).click();
  await expect(node(page, 'room', 'Hall A')).toHaveCount(0);
  await page.getByRole('button', { name: 'Expand datacenter Milan North' }).click();
  await expect(node(page, 'room', 'Hall A')).toBeVisible();
});

test('creates, edits and deletes a datacenter, a room and a rack, with SPEC messages', async ({
  page,
}) => {
  await openDevices(page);

  // Datacenter: both fields are required.
  await page.getByRole('button', { name: 'Create datacenter' }).click();
  const createDc = dialog(page, 'Create New Datacenter');
  await expect(createDc.getByLabel('Name')).toBeFocused();
  await createDc.getByRole('button', { name: 'Create' }).click();
  await expect(createDc.getByRole('alert')).toHaveText('Name and location are required.');
  await createDc.getByLabel('Name').fill('Rome South');
  await createDc.getByLabel('Location').fill('   ');
  await createDc.getByRole('button', { name: 'Create' }).click();
  await expect(createDc.getByRole('alert')).toHaveText('Name and location are required.');
  await createDc.getByLabel('Location').fill('Rome, Italy');
  await createDc.getByRole('button', { name: 'Create' }).click();
  await expect(createDc).toHaveCount(0);
  await expect(node(page, 'datacenter', 'Rome South')).toContainText('No rooms');
  await expect(page.getByRole('button', { name: 'Expand datacenter Rome South' })).toBeDisabled();

  await page.getByRole('button', { name: 'Edit datacenter Rome South' }).click();
  const editDc = dialog(page, 'Edit Datacenter');
  await expect(editDc.getByLabel('Location')).toHaveValue('Rome, Italy');
  await editDc.getByLabel('Name').fill('');
  await editDc.getByRole('button', { name: 'Save' }).click();
  await expect(editDc.getByRole('alert')).toHaveText('Name and location are required.');
  await editDc.getByLabel('Name').fill('Rome Centre');
  await editDc.getByRole('button', { name: 'Save' }).click();
  await expect(editDc).toHaveCount(0);
  await expect(node(page, 'datacenter', 'Rome Centre')).toBeVisible();

  // Room: the name is required; the datacenter is optional.
  await page.getByRole('button', { name: 'Create room' }).click();
  const createRoom = dialog(page, 'Create New Room');
  const datacenterSelect = createRoom.getByLabel('Datacenter');
  await expect(datacenterSelect).toHaveValue('');
  await expect(datacenterSelect.locator('option').first()).toHaveText('Create as standalone room');
  await createRoom.getByRole('button', { name: 'Create' }).click();
  await expect(createRoom.getByRole('alert')).toHaveText('Room name is required.');
  await createRoom.getByLabel('Name').fill('Vault 1');
  await datacenterSelect.selectOption({ label: 'Rome Centre (Rome, Italy)' });
  await createRoom.getByRole('button', { name: 'Create' }).click();
  await expect(createRoom).toHaveCount(0);
  await expect(node(page, 'datacenter', 'Rome Centre')).toContainText('1 item');
  await expect(node(page, 'room', 'Vault 1')).toContainText('No racks');

  // Rack: the name is required; the room is optional.
  await page.getByRole('button', { name: 'Create rack' }).click();
  const createRack = dialog(page, 'Create New Rack');
  await expect(createRack.getByLabel('Room').locator('option').first()).toHaveText(
    'Create as standalone rack',
  );
  await createRack.getByRole('button', { name: 'Create' }).click();
  await expect(createRack.getByRole('alert')).toHaveText('Rack name is required.');
  await createRack.getByLabel('Name').fill('V1-R1');
  await createRack.getByLabel('Room').selectOption({ label: 'Vault 1 (Rome Centre)' });
  await createRack.getByRole('button', { name: 'Create' }).click();
  await expect(createRack).toHaveCount(0);
  await expect(node(page, 'room', 'Vault 1')).toContainText('1 item');
  await expect(node(page, 'rack', 'V1-R1')).toContainText('No devices in this rack');

  // Edit the rack out of its room: it moves to the Unassigned room.
  await page.getByRole('button', { name: 'Edit rack V1-R1' }).click();
  const editRack = dialog(page, 'Edit Rack');
  await expect(editRack.getByLabel('Room').locator('option').first()).toHaveText('Standalone rack');
  await editRack.getByLabel('Name').fill(' ');
  await editRack.getByRole('button', { name: 'Save' }).click();
  await expect(editRack.getByRole('alert')).toHaveText('Rack name is required.');
  await editRack.getByLabel('Name').fill('V1-R1');
  await editRack.getByLabel('Room').selectOption('');
  await editRack.getByRole('button', { name: 'Save' }).click();
  await expect(editRack).toHaveCount(0);
  await expect(node(page, 'room', 'Vault 1')).toContainText('No racks');
  await expect(branch(page, 'room', 'Unassigned')).toContainText('V1-R1');

  await page.getByRole('button', { name: 'Edit room Vault 1' }).click();
  const editRoom = dialog(page, 'Edit Room');
  await expect(editRoom.getByLabel('Datacenter').locator('option').first()).toHaveText(
    'Standalone room',
  );
  await editRoom.getByLabel('Name').fill('');
  await editRoom.getByRole('button', { name: 'Save' }).click();
  await expect(editRoom.getByRole('alert')).toHaveText('Room name is required.');
  await editRoom.getByLabel('Name').fill('Vault One');
  await editRoom.getByRole('button', { name: 'Save' }).click();
  await expect(node(page, 'room', 'Vault One')).toBeVisible();

  // Deleting the datacenter leaves its room, unassigned.
  await page.getByRole('button', { name: 'Delete datacenter Rome Centre' }).click();
  const deleteDc = dialog(page, 'Delete Datacenter');
  await expect(deleteDc).toContainText('Rome Centre');
  await deleteDc.getByRole('button', { name: 'Delete' }).click();
  await expect(deleteDc).toHaveCount(0);
  await expect(node(page, 'datacenter', 'Rome Centre')).toHaveCount(0);
  await expect(branch(page, 'datacenter', 'Unassigned')).toContainText('Vault One');

  await page.getByRole('button', { name: 'Delete room Vault One' }).click();
  await dialog(page, 'Delete Room').getByRole('button', { name: 'Delete' }).click();
  await expect(node(page, 'room', 'Vault One')).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete rack V1-R1' }).click();
  await dialog(page, 'Delete Rack').getByRole('button', { name: 'Delete' }).click();
  await expect(node(page, 'rack', 'V1-R1')).toHaveCount(0);

  // Everything above is what the server now holds.
  await page.reload();
  await expect(node(page, 'datacenter', 'Milan North')).toBeVisible();
  for (const [kind, name] of [
    ['datacenter', 'Rome Centre'],
    ['room', 'Vault One'],
    ['rack', 'V1-R1'],
  ] as const) {
    await expect(node(page, kind, name)).toHaveCount(0);
  }
});

test('closing a dialog, with Cancel or Escape, clears its form and banner', async ({ page }) => {
  await openDevices(page);
  await page.getByRole('button', { name: 'Create datacenter' }).click();
  const create = dialog(page, 'Create New Datacenter');
  await create.getByLabel('Name').fill('Half typed');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByRole('alert')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(create).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create datacenter' })).toBeFocused();

  await page.getByRole('button', { name: 'Create datacenter' }).click();
  await expect(create.getByLabel('Name')).toHaveValue('');
  await expect(create.getByRole('alert')).toHaveCount(0);
  // Focus stays inside the dialog.
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
  await expect(create.locator(':focus')).toHaveCount(1);
  await create.getByRole('button', { name: 'Cancel' }).click();
  await expect(create).toHaveCount(0);
});

test("the server's error shows in the dialog banner and the dialog stays open", async ({
  page,
  context,
  consoleErrors,
}) => {
  await openDevices(page);
  await page.getByRole('button', { name: 'Create rack' }).click();
  const create = dialog(page, 'Create New Rack');
  await create.getByLabel('Name').fill('Doomed');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(node(page, 'rack', 'Doomed')).toBeVisible();

  // Another tab deletes the rack while this one edits it.
  await page.getByRole('button', { name: 'Edit rack Doomed' }).click();
  const edit = dialog(page, 'Edit Rack');
  const other = await context.newPage();
  await other.goto(`${app.url}/devices`);
  await other.getByRole('button', { name: 'Delete rack Doomed' }).click();
  await dialog(other, 'Delete Rack').getByRole('button', { name: 'Delete' }).click();
  await expect(node(other, 'rack', 'Doomed')).toHaveCount(0);
  await other.close();

  await edit.getByLabel('Name').fill('Doomed 2');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByRole('alert')).toHaveText('Rack not found.');
  await expect(edit.getByRole('button', { name: 'Save' })).toBeEnabled();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  expectFailedRequests(consoleErrors, [404]);
});

test('Edit Server renames a server and moves it, with the keyboard alone', async ({ page }) => {
  await openDevices(page);
  await page.getByRole('button', { name: 'Edit server new-node-02' }).focus();
  await page.keyboard.press('Enter');
  const edit = dialog(page, 'Edit Server');
  await expect(edit.getByLabel('Server name')).toBeFocused();
  await expect(edit.getByLabel('Rack')).toHaveValue('');
  await expect(edit.getByLabel('Rack').locator('option').first()).toHaveText('Unassigned');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.press('Enter');
  await expect(edit.getByRole('alert')).toHaveText('Server name is required.');
  await page.keyboard.type('gpu-node-77');
  await edit.getByLabel('Rack').selectOption({ label: 'B-02 (Hall B)' });
  await edit.getByLabel('Server name').press('Enter');
  await expect(edit).toHaveCount(0);
  await expect(node(page, 'rack', 'B-02')).toContainText('1 item');
  await expect(branch(page, 'rack', 'B-02')).toContainText('gpu-node-77');
  await page.reload();
  await expect(branch(page, 'rack', 'B-02')).toContainText('gpu-node-77');
});

test('table view: count, columns, sorting and the full machine id as a tooltip', async ({
  page,
}) => {
  await openDevices(page);
  await page.getByRole('button', { name: 'Table View' }).click();
  await expect(page.getByRole('heading', { name: 'All Devices' })).toBeVisible();
  await expect(page.getByText(/^\d+ device\(s\) total$/)).toHaveText('42 device(s) total');
  const headers = page.locator('thead th');
  await expect(headers).toHaveText([
    'Name',
    'Public IPv4',
    'Machine ID',
    'Datacenter',
    'Room',
    'Rack',
    'Type',
    'Actions',
  ]);

  const rows = page.locator('tbody tr[data-server-id]');
  const column = async (index: number) =>
    (await rows.locator(`td:nth-child(${index})`).allTextContents()).slice(0, 5);
  // Default: public IPv4 ascending, numerically (192.0.2.12 before 192.0.2.105).
  await expect(page.getByRole('columnheader', { name: 'Public IPv4' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  expect(await column(2)).toEqual([
    '192.0.2.12',
    '192.0.2.30',
    '192.0.2.48',
    '192.0.2.66',
    '192.0.2.84',
  ]);
  const sortBy = (name: string) =>
    page.getByRole('columnheader', { name }).getByRole('button', { name }).click();
  await sortBy('Public IPv4');
  await expect(page.getByRole('columnheader', { name: 'Public IPv4' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  expect((await column(2))[0]).toMatch(/^203\.0\.113\./);

  await sortBy('Name');
  await expect(rows.first().locator('td').first()).toHaveText('field-kit-01');
  await sortBy('Name');
  await expect(rows.first().locator('td').first()).toHaveText('staging-01');
  await expect(rows.first().locator('td').nth(3)).toHaveText('—');
  await expect(rows.first().locator('td').nth(6)).toHaveText('Server');

  // A 32-character machine id shows '…' and its last 13 characters; the tooltip has it all.
  const machineId = rows.first().locator('td').nth(2).locator('[title]');
  const full = await machineId.getAttribute('title');
  expect(full).toMatch(/^[0-9a-f]{32}$/);
  await expect(machineId).toContainText(`…${full!.slice(-13)}`);
  await machineId.hover();

  // Table rows resolve names from the current lists. The table draws only the rows in view
  // (the demo's pCDU and PDUs push mil-db-01 below it), so the search brings the row up.
  await page.getByRole('searchbox', { name: 'Search devices' }).fill('mil-db-01');
  const milan = rows.filter({ hasText: 'mil-db-01' });
  await expect(milan.locator('td').nth(3)).toHaveText('Milan North');
  await expect(milan.locator('td').nth(4)).toHaveText('Hall A');
  await expect(milan.locator('td').nth(5)).toHaveText('A-02');
});

test('drag a server onto a rack; it stays there after a reload', async ({ page }) => {
  await openDevices(page);
  const spare = node(page, 'rack', 'Spare Rack');
  await expect(spare).toContainText('No devices in this rack');
  const source = page.locator('tr[data-server-id]').filter({ hasText: 'staging-01' });
  await source.dragTo(spare);
  await expect(spare).toContainText('1 item');
  await expect(branch(page, 'rack', 'Spare Rack')).toContainText('staging-01');
  await expect(node(page, 'rack', 'Unassigned')).toContainText('2 items');

  // A drop on a room does nothing.
  await page
    .locator('tr[data-server-id]')
    .filter({ hasText: 'returned-unit-07' })
    .dragTo(node(page, 'room', 'Hall A'));
  await expect(node(page, 'rack', 'Unassigned')).toContainText('2 items');

  await page.reload();
  await expect(node(page, 'rack', 'Spare Rack')).toContainText('1 item');
  await expect(branch(page, 'rack', 'Spare Rack')).toContainText('staging-01');
});

test('a burst of changes fires one metrics refresh, 5 s after the last', async ({ page }) => {
  await openDevices(page);
  const refreshes: number[] = [];
  // When each refresh started, on the browser's clock (known once the request has finished).
  page.on('requestfinished', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === REFRESH_PATH) {
      refreshes.push(request.timing().startTime);
    }
  });

  let lastChange = 0;
  for (const name of ['Burst 1', 'Burst 2', 'Burst 3']) {
    await page.getByRole('button', { name: 'Create rack' }).click();
    const create = dialog(page, 'Create New Rack');
    await create.getByLabel('Name').fill(name);
    const created = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/racks'),
    );
    await create.getByRole('button', { name: 'Create' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    // The browser's clock on both sides: this process can see the answer late on a busy machine.
    const timing = response.request().timing();
    lastChange = timing.startTime + timing.responseEnd;
    await expect(create).toHaveCount(0);
    expect(refreshes).toEqual([]);
  }

  await expect.poll(() => refreshes.length, { timeout: 10_000 }).toBe(1);
  expect(refreshes[0]! - lastChange).toBeGreaterThanOrEqual(4_900);
  // No second one follows.
  await page.waitForTimeout(1_500);
  expect(refreshes).toHaveLength(1);

  await page.getByText('Debug Output').click();
  await expect(page.getByTestId('refresh-status')).toContainText('Refreshed at');
  await expect(page.getByText('GET /api/servers?encoding=columns → OK').first()).toBeVisible();
  await expect(page.getByText('POST /api/racks → OK').first()).toBeVisible();
  // The API results list the created rack (the hierarchy preview is cut at a few thousand
  // characters, and the demo's equipment now fills it before the standalone racks).
  await expect(page.getByText(/^POST \/api\/racks: .*"name":"Burst 3"/)).toBeVisible();
});

test('load errors: a rejected token asks to sign in again and empties the lists', async ({
  page,
  consoleErrors,
}) => {
  await openDevices(page);
  // Spoil the cached access token: the server answers 401 to every list.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      const value = localStorage.getItem(key) ?? '';
      if (!value.includes('access_token')) continue;
      const entry = JSON.parse(value) as { body?: { access_token?: string } };
      if (entry.body?.access_token) entry.body.access_token = 'not-a-token';
      localStorage.setItem(key, JSON.stringify(entry));
    }
  });
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(
    'Authentication error. Please try logging in again.',
  );
  await expect(page.locator('[data-kind]')).toHaveCount(0);
  await expect(page.getByText('No devices', { exact: true })).toBeVisible();
  expectFailedRequests(consoleErrors, [401]);
});

test('load errors: other failures show the SPEC message, on a phone too', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(PHONE);
  await openDevices(page);
  const server = app.server();
  const disabled = await adminCommand(server, [
    'disable-user',
    '--email',
    demoOperator(server).email,
  ]);
  expect(disabled.code).toBe(0);
  try {
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText(
      'Failed to load data. Please try again later.',
    );
    await page.getByRole('button', { name: 'Table View' }).click();
    await expect(page.getByText('0 device(s) total')).toBeVisible();
    await expect(page.getByText('No devices found. Add your first device below.')).toBeVisible();
  } finally {
    await adminCommand(server, ['enable-user', '--email', demoOperator(server).email]);
  }
  expectFailedRequests(consoleErrors, [403]);
});
