import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  ALERTS_PATH,
  DATACENTERS_PATH,
  GET_FEATURES_PATH,
  ORGANISATION_PATH,
  RACKS_PATH,
  REFRESH_METRICS_PATH,
  ROOMS_PATH,
  SERVERS_PATH,
  SERVER_PRESENCE_PATH,
  type Datacenter,
  type Rack,
  type Room,
  type Server,
} from '@brezza/contract';
import {
  buildDatacenter,
  buildRack,
  buildRoom,
  buildServer,
  serverColumns,
} from '@/testing/device-factories';
import { DevicesPage } from './devices-page';

vi.mock('@/lib/auth', () => ({
  useAccessToken: () => async () => 'access-token-1',
  useSession: () => ({ status: 'signed-in', userId: 'user-1' }),
}));

let lists: { servers: Server[]; datacenters: Datacenter[]; rooms: Room[]; racks: Rack[] };
let listStatus = 200;
/** Holds every list answer until all four requests have arrived: proves they run in parallel. */
let gate: { waiting: number; release: () => void; released: Promise<void> };

function newGate() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  gate = { waiting: 0, release, released };
}

const listHandler = (path: string, body: () => object) =>
  http.get(path, async () => {
    gate.waiting += 1;
    if (gate.waiting === 4) gate.release();
    await gate.released;
    return listStatus === 200
      ? HttpResponse.json(body())
      : HttpResponse.json({ error: 'nope' }, { status: listStatus });
  });

const server = setupServer(
  listHandler(SERVERS_PATH, () => serverColumns(lists.servers)),
  listHandler(DATACENTERS_PATH, () => ({ datacenters: lists.datacenters })),
  listHandler(ROOMS_PATH, () => ({ rooms: lists.rooms })),
  listHandler(RACKS_PATH, () => ({ racks: lists.racks })),
  // The tree's health dots: no alerts, every node green.
  http.get(ALERTS_PATH, () => HttpResponse.json({ alerts: [], history: [] })),
  http.post(GET_FEATURES_PATH, () => HttpResponse.json({ features: { plan: 'ARGENTO (Tier 1)' } })),
  // A change schedules a metrics refresh 5 s later, which may land in a later test.
  http.post(REFRESH_METRICS_PATH, () => HttpResponse.json({})),
  http.get(ORGANISATION_PATH, () => HttpResponse.json({ id: 1, name: 'Acme', demo: false })),
  // web-1 sent a sample a minute ago; loose-1 never did.
  http.get(SERVER_PRESENCE_PATH, () =>
    HttpResponse.json({
      checkedAt: '2026-11-23T12:00:00.000Z',
      onlineWithinSeconds: 300,
      servers: [{ id: lists.servers[0]!.id, lastSeenAt: '2026-11-23T11:59:00.000Z' }],
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  listStatus = 200;
  newGate();
  const dc = buildDatacenter({ name: 'Milan North', location: 'Milan' });
  const room = buildRoom({ name: 'Hall A', datacenterId: dc.id });
  const rack = buildRack({ name: 'A-01', roomId: room.id });
  lists = {
    datacenters: [dc],
    rooms: [room],
    racks: [rack],
    servers: [
      buildServer({ serverName: 'web-1', rackId: rack.id }),
      buildServer({ serverName: 'loose-1' }),
    ],
  };
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

function renderPage(url = '/devices', editable = true) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[url]}>
      <QueryClientProvider client={queryClient}>
        <DevicesPage addDevices={() => <section>Add Devices</section>} editable={editable} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const row = (kind: string, name: string) =>
  screen
    .getAllByTitle(name)
    .map((el) => el.closest(`[data-kind="${kind}"]`))
    .find(Boolean) as HTMLElement;

describe('DevicesPage', () => {
  it('loads the four lists in parallel and shows the tree, the slot and the debug panel', async () => {
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading devices…');
    expect(await screen.findByTitle('Milan North')).toBeInTheDocument();
    expect(gate.waiting).toBe(4);
    expect(screen.getByRole('heading', { name: 'Device Hierarchy' })).toBeInTheDocument();
    expect(within(row('datacenter', 'Milan North')).getByText('1 item')).toBeInTheDocument();
    expect(within(row('rack', 'A-01')).getByText('1 item')).toBeInTheDocument();
    expect(screen.getByText('web-1')).toBeInTheDocument();
    expect(row('rack', 'Unassigned')).toBeTruthy();
    expect(screen.getByText('Add Devices')).toBeInTheDocument();
    expect(screen.getByText('Debug Output')).toBeInTheDocument();
  });

  it('offers a viewer no control that changes the hierarchy', async () => {
    renderPage('/devices', false);
    expect(await screen.findByTitle('Milan North')).toBeInTheDocument();
    expect(screen.getByText('web-1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Create|Edit|Delete) / })).toBeNull();
    expect(screen.getByText('web-1').closest('tr')).toHaveAttribute('draggable', 'false');
  });

  it.each([
    [401, 'Authentication error. Please try logging in again.'],
    [500, 'Failed to load data. Please try again later.'],
  ])('answers a %i on load with SPEC §8 and empty lists', async (status, message) => {
    listStatus = status;
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByText('No devices')).toBeInTheDocument();
    expect(screen.queryByTitle('Milan North')).not.toBeInTheDocument();
  });

  it('searches both views and says N of M, from the query in the URL too', async () => {
    const user = userEvent.setup();
    renderPage('/devices?q=loose');
    expect(await screen.findByText('loose-1')).toBeInTheDocument();
    expect(screen.getByTestId('search-count')).toHaveTextContent('1 of 2 devices');
    expect(screen.queryByText('web-1')).not.toBeInTheDocument();
    expect(screen.queryByTitle('Milan North')).not.toBeInTheDocument();

    const box = screen.getByRole('searchbox', { name: 'Search devices' });
    await user.clear(box);
    await user.type(box, 'a-01');
    // A rack's name finds its servers; the tree keeps the rack's room and datacenter.
    expect(await screen.findByText('web-1')).toBeInTheDocument();
    expect(screen.getByTitle('Milan North')).toBeInTheDocument();
    expect(screen.queryByText('loose-1')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Placement' }), 'unassigned');
    expect(await screen.findByText('No devices match the search and filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.click(screen.getByRole('button', { name: 'Table View' }));
    expect(screen.getByText('2 device(s) total')).toBeInTheDocument();
    expect(screen.getByTestId('search-count')).toHaveTextContent('');
  });

  it("shows 'Creating...' in flight, then the new datacenter", async () => {
    let finish = () => {};
    const answered = new Promise<void>((resolve) => (finish = resolve));
    server.use(
      http.post(DATACENTERS_PATH, async ({ request }) => {
        const body = (await request.json()) as { name: string; location: string };
        await answered;
        return HttpResponse.json({ id: 900, ...body }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create datacenter' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Datacenter' });
    await user.type(within(dialog).getByLabelText('Name'), 'Turin');
    await user.type(within(dialog).getByLabelText('Location'), 'Turin, Italy');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const busy = within(dialog).getByRole('button', { name: 'Creating...' });
    expect(busy).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(row('datacenter', 'Turin')).toHaveTextContent('No rooms');
  });

  it.each<[{ status: number; error?: string }, string]>([
    [{ status: 500 }, 'Failed to create datacenter: 500'],
    [
      { status: 409, error: 'A datacenter with that name exists.' },
      'A datacenter with that name exists.',
    ],
  ])('keeps the dialog open with the error for %j', async (answer, message) => {
    server.use(
      http.post(DATACENTERS_PATH, () =>
        answer.error
          ? HttpResponse.json({ error: answer.error }, { status: answer.status })
          : new HttpResponse(null, { status: answer.status }),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create datacenter' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Datacenter' });
    await user.type(within(dialog).getByLabelText('Name'), 'Turin');
    await user.type(within(dialog).getByLabelText('Location'), 'Turin');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeEnabled();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Turin');
  });

  it('uses SPEC §8 fallbacks for update and delete failures too', async () => {
    const rack = lists.racks[0]!;
    server.use(
      http.put(`${RACKS_PATH}/${rack.id}`, () => new HttpResponse(null, { status: 502 })),
      http.delete(`${RACKS_PATH}/${rack.id}`, () => new HttpResponse(null, { status: 503 })),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit rack A-01' }));
    const edit = screen.getByRole('dialog', { name: 'Edit Rack' });
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(edit).findByRole('alert')).toHaveTextContent('Failed to update rack: 502');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Delete rack A-01' }));
    const remove = screen.getByRole('dialog', { name: 'Delete Rack' });
    await user.click(within(remove).getByRole('button', { name: 'Delete' }));
    expect(await within(remove).findByRole('alert')).toHaveTextContent(
      'Failed to delete rack: 503',
    );
  });

  it('switches to the table view with its count and empty state', async () => {
    lists.servers = [];
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Table View' }));
    expect(screen.getByRole('heading', { name: 'All Devices' })).toBeInTheDocument();
    expect(screen.getByText('0 device(s) total')).toBeInTheDocument();
    expect(screen.getByText('No devices found. Add your first device below.')).toBeInTheDocument();
  });

  it('shows each server online or offline with its last sample, linked to its charts', async () => {
    renderPage();
    const online = await screen.findByRole('img', { name: /^Online · last sample / });
    expect(online).toHaveAttribute('data-status', 'online');
    expect(screen.getByRole('img', { name: 'Offline · no sample yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Observability of web-1' })).toHaveAttribute(
      'href',
      `/observability/servers/${lists.servers[0]!.id}`,
    );
    expect(screen.queryByText('Demo data')).not.toBeInTheDocument();
  });

  it("labels the demo organisation's devices as demo data", async () => {
    server.use(
      http.get(ORGANISATION_PATH, () =>
        HttpResponse.json({ id: 1, name: 'Demo Organisation', demo: true }),
      ),
    );
    renderPage();
    expect(await screen.findByText('Demo data')).toBeInTheDocument();
  });
});
