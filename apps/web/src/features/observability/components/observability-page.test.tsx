import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import {
  DATACENTERS_PATH,
  FREE_HISTORY_MS,
  GET_FEATURES_PATH,
  METRICS_QUERY_PATH,
  METRICS_STREAM_PATH,
  ORGANISATION_PATH,
  RACKS_PATH,
  ROOMS_PATH,
  SERVERS_PATH,
  SERVER_PRESENCE_PATH,
  type MetricsQueryInput,
} from '@brezza/contract';
import { buildDatacenter, buildRack, buildRoom, buildServer } from '@/testing/device-factories';
import { ObservabilityPage } from './observability-page';
import type { Scope } from '../utils/hierarchy';

vi.mock('@/lib/auth', () => ({
  useAccessToken: () => async () => 'access-token-1',
  useSession: () => ({ status: 'signed-in', userId: 'user-1' }),
}));
// jsdom draws no canvas: the plot itself is checked in the browser test (e2e/observability).
vi.mock('./uplot-chart', () => ({
  UPlotChart: ({ labels }: { labels: string[] }) => (
    <div data-testid="plot">{labels.join(', ')}</div>
  ),
}));

const NOW = Date.now();
const dc = buildDatacenter({ name: 'Milan North' });
const room = buildRoom({ name: 'Hall A', datacenterId: dc.id });
const rack = buildRack({ name: 'A-01', roomId: room.id });
const web = buildServer({ serverName: 'mil-web-01', rackId: rack.id });
const db = buildServer({ serverName: 'mil-db-01', rackId: rack.id });

let queries: MetricsQueryInput[] = [];
let demo = true;
/** POST /api/get-features: Platino's labels (the demo's plan), or none. */
let features: Record<string, string> = { plan: 'PLATINO (Tier 3)' };

/** Answers like the real API: a point every step over the window, grouped when asked. */
function answer(body: MetricsQueryInput) {
  const from = Number(body.from);
  const to = Number(body.to);
  const step = body.stepSeconds * 1000;
  const points = (base: number) => {
    const out: [number, number][] = [];
    for (let t = Math.ceil(from / step) * step; t < to; t += step) out.push([t, base + (t % 7)]);
    return out;
  };
  const unit =
    body.metric === 'power_watts' ? 'W' : body.metric === 'cpu_usage_ratio' ? 'ratio' : '°C';
  const series = body.groupBy
    ? [web, db].map((server, i) => ({
        labels: { server: String(server.id), serverName: server.serverName },
        points: points(100 * (i + 1)),
      }))
    : [{ labels: {}, points: points(50) }];
  return { unit, resolution: 'raw', series };
}

const server = setupServer(
  http.get(SERVERS_PATH, () => HttpResponse.json({ servers: [web, db] })),
  http.get(DATACENTERS_PATH, () => HttpResponse.json({ datacenters: [dc] })),
  http.get(ROOMS_PATH, () => HttpResponse.json({ rooms: [room] })),
  http.get(RACKS_PATH, () => HttpResponse.json({ racks: [rack] })),
  http.post(GET_FEATURES_PATH, () => HttpResponse.json({ features })),
  http.get(ORGANISATION_PATH, () => HttpResponse.json({ id: 1, name: 'Demo Organisation', demo })),
  http.get(SERVER_PRESENCE_PATH, () =>
    HttpResponse.json({
      checkedAt: new Date(NOW).toISOString(),
      onlineWithinSeconds: 300,
      servers: [{ id: web.id, lastSeenAt: new Date(NOW - 10_000).toISOString() }],
    }),
  ),
  http.post(METRICS_QUERY_PATH, async ({ request }) => {
    const body = (await request.json()) as MetricsQueryInput;
    queries.push(body);
    return HttpResponse.json(answer(body));
  }),
  // The live stream stays open without news.
  http.get(
    METRICS_STREAM_PATH,
    () =>
      new HttpResponse(new ReadableStream(), {
        headers: { 'Content-Type': 'text/event-stream' },
      }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  queries = [];
  demo = true;
  features = { plan: 'PLATINO (Tier 3)' };
});
afterEach(() => server.resetHandlers());

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(scope: Scope, entry = '/observability') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <ObservabilityPage scope={scope} />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ObservabilityPage', () => {
  it('shows the organisation overview: demo label, servers online, charts, top servers', async () => {
    renderPage({ type: 'organisation' });
    expect(await screen.findByRole('heading', { name: /Demo Organisation/ })).toBeInTheDocument();
    expect(await screen.findByText('Demo data')).toBeInTheDocument();
    expect(await screen.findByText('1 of 2')).toBeInTheDocument();
    for (const title of ['Power', 'Power by datacenter', 'Temperatures', 'CPU usage']) {
      expect(screen.getByRole('figure', { name: title })).toBeInTheDocument();
    }
    const top = (await screen.findByRole('heading', { name: 'Top servers by power' })).closest(
      'div',
    )!;
    const rows = await within(top).findAllByRole('row');
    // Header, then the server drawing most power first.
    expect(rows[1]).toHaveTextContent('mil-db-01');
    expect(within(rows[1]!).getByRole('link', { name: 'mil-db-01' })).toHaveAttribute(
      'href',
      `/observability/servers/${db.id}`,
    );
    expect(screen.getByRole('link', { name: /Milan North/ })).toHaveAttribute(
      'href',
      `/observability/datacenters/${dc.id}`,
    );
    // The overview asks for the last 24 hours at 5-minute steps, grouped by datacenter.
    await waitFor(() => expect(queries.some((q) => q.groupBy === 'datacenter')).toBe(true));
    const power = queries.find((q) => q.metric === 'power_watts' && !q.groupBy)!;
    expect(power).toMatchObject({
      scope: { type: 'organisation' },
      aggregate: 'sum',
      stepSeconds: 300,
    });
    expect(Number(power.to) - Number(power.from)).toBe(86_400_000);
  });

  it('keeps the chosen range in the address and queries it', async () => {
    const user = userEvent.setup();
    renderPage({ type: 'rack', id: rack.id });
    const picker = await screen.findByLabelText('Time range');
    queries = [];
    await user.selectOptions(picker, '7d');
    expect(screen.getByTestId('address')).toHaveTextContent('/observability?range=7d');
    await waitFor(() => expect(queries.some((q) => q.metric === 'cpu_usage_ratio')).toBe(true));
    // Charts at 30-minute steps; the top servers read the last 15 minutes in one step.
    expect(queries.every((q) => q.scope.type === 'rack')).toBe(true);
    expect(new Set(queries.map((q) => q.stepSeconds))).toEqual(new Set([1800, 900]));
  });

  it('without a plan, keeps 24 hours and shows what Argento unlocks beyond, asking nothing older', async () => {
    features = {};
    const user = userEvent.setup();
    renderPage({ type: 'organisation' });
    expect(await screen.findByRole('figure', { name: 'Power' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Time range'), '7d');
    const gate = await screen.findByRole('region', { name: 'Plan required' });
    expect(gate).toHaveTextContent('History beyond 24 hours needs the Argento plan.');
    expect(within(gate).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/stripe',
    );
    expect(screen.queryByRole('figure', { name: 'Power' })).not.toBeInTheDocument();
    expect(queries.every((q) => Number(q.from) >= Date.now() - FREE_HISTORY_MS - 60_000)).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Show the last 24 hours' }));
    expect(await screen.findByRole('figure', { name: 'Power' })).toBeInTheDocument();
    expect(screen.getByLabelText('Time range')).toHaveValue('24h');
  });

  it('opens a shared link with a fixed window and offers a custom range', async () => {
    const user = userEvent.setup();
    const from = NOW - 3 * 3_600_000;
    const to = NOW - 3_600_000;
    renderPage({ type: 'server', id: web.id }, `/observability?from=${from}&to=${to}`);
    expect(await screen.findByRole('heading', { name: /mil-web-01/ })).toBeInTheDocument();
    await waitFor(() => expect(queries.length).toBeGreaterThan(0));
    expect(queries.every((q) => q.from === from && q.to === to)).toBe(true);
    expect(screen.getByLabelText('Time range')).toHaveValue('custom');
    await user.click(screen.getByRole('button', { name: 'Edit range' }));
    expect(screen.getByRole('form', { name: 'Custom time range' })).toBeInTheDocument();
  });

  it('charts everything about one server, with its status and breadcrumb', async () => {
    demo = false;
    renderPage({ type: 'server', id: web.id });
    expect(await screen.findByRole('heading', { name: 'mil-web-01' })).toBeInTheDocument();
    for (const title of [
      'CPU usage',
      'Memory',
      'Load average',
      'Disk I/O',
      'Network',
      'Temperatures',
      'Power',
    ]) {
      expect(screen.getByRole('figure', { name: title })).toBeInTheDocument();
    }
    expect(await screen.findByText('Online')).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'A-01' })).toHaveAttribute(
      'href',
      `/observability/racks/${rack.id}`,
    );
    expect(screen.queryByText('Demo data')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Download Power as CSV' })).toBeEnabled(),
    );
  });

  it('says so when the scope is not in the organisation', async () => {
    renderPage({ type: 'room', id: 999_999 });
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });
});
