import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  ALERTS_PATH,
  type Alert,
  GET_FEATURES_PATH,
  LINK_GRAFANA_PATH,
  ME_PATH,
  ORG_SETTINGS_PATH,
  type OrgSettings,
  type Role,
} from '@brezza/contract';
import { AppConfigProvider } from '@/lib/runtime-config';
import { buildAppConfig } from '@/testing/app-config';
import { buildAlert } from '@/testing/alert-factories';
import { buildSession, buildSignedInSession } from '@/testing/session';
import { SubNavigation } from './sub-navigation';

const DEFAULT_OBSERVABILITY = 'https://grafana.brezza.test/';

let session = buildSignedInSession();
vi.mock('@/lib/auth', () => ({
  useSession: () => session,
  useAccessToken: () => async () => 'access-token-1',
}));

interface Seen {
  method: string;
  path: string;
  headers: Headers;
}
let seen: Seen[] = [];
let settings: OrgSettings | null = { grafana_url: null, tau_url: null };
let linkStatus = 201;
let role: Role = 'admin';
let alerts: Alert[] = [];
let alertsCalls = 0;
/** POST /api/get-features: Argento's labels, or none. */
let features: Record<string, string> = { plan: 'ARGENTO (Tier 1)' };
const alert = (id: number, state: Alert['state'], silenced: boolean): Alert =>
  buildAlert({ id, state, silenced, deviceName: 'pCDU-1' });

const server = setupServer(
  http.get(ALERTS_PATH, () => {
    alertsCalls += 1;
    return HttpResponse.json({ alerts, history: [] });
  }),
  http.post(GET_FEATURES_PATH, () => HttpResponse.json({ features })),
  http.get(ME_PATH, () =>
    HttpResponse.json({ id: 1, name: 'Ada', email: 'ada@example.com', organisationId: 1, role }),
  ),
  http.get(ORG_SETTINGS_PATH, ({ request }) => {
    seen.push({ method: 'GET', path: ORG_SETTINGS_PATH, headers: request.headers });
    return settings
      ? HttpResponse.json(settings)
      : HttpResponse.json({ error: 'boom' }, { status: 500 });
  }),
  http.post(LINK_GRAFANA_PATH, ({ request }) => {
    seen.push({ method: 'POST', path: LINK_GRAFANA_PATH, headers: request.headers });
    return linkStatus === 502
      ? HttpResponse.json({ error: 'Grafana said no' }, { status: 502 })
      : HttpResponse.json(
          { linked: false, reason: 'Grafana is not configured.' },
          { status: linkStatus },
        );
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  session = buildSignedInSession();
  seen = [];
  settings = { grafana_url: null, tau_url: null };
  linkStatus = 201;
  role = 'admin';
  alertsCalls = 0;
  features = { plan: 'ARGENTO (Tier 1)' };
  window.sessionStorage.clear();
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

function renderSubNavigation(path = '/devices') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppConfigProvider
      config={buildAppConfig({
        links: { ...buildAppConfig().links, observability: DEFAULT_OBSERVABILITY },
      })}
    >
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <SubNavigation />
        </MemoryRouter>
      </QueryClientProvider>
    </AppConfigProvider>,
  );
}

const calls = (method: string) => seen.filter((call) => call.method === method);

describe('SubNavigation', () => {
  it('links equipment and the audit log for everyone, and users for admins only', async () => {
    role = 'viewer';
    renderSubNavigation();
    expect(await screen.findByRole('link', { name: 'Equipment' })).toHaveAttribute(
      'href',
      '/equipment',
    );
    expect(screen.getByRole('link', { name: 'Audit Log' })).toHaveAttribute('href', '/audit-log');
    expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();
  });

  it('counts the firing alerts nobody silenced on the Alerts link', async () => {
    alerts = [alert(1, 'firing', false), alert(2, 'firing', true), alert(3, 'pending', false)];
    renderSubNavigation();
    const link = await screen.findByRole('link', { name: /Alerts/ });
    expect(link).toHaveAttribute('href', '/alerts');
    expect(await within(link).findByText('1')).toHaveAttribute('aria-label', '1 firing');
    alerts = [];
  });

  it('shows no badge, and asks for no alerts, when the plan has no alerts', async () => {
    alerts = [alert(1, 'firing', false)];
    features = {};
    renderSubNavigation();
    const link = await screen.findByRole('link', { name: /Alerts/ });
    await screen.findByRole('link', { name: 'Users' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(within(link).queryByText('1')).toBeNull();
    expect(alertsCalls).toBe(0);
    alerts = [];
  });

  it('offers Users to an admin', async () => {
    renderSubNavigation();
    expect(await screen.findByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
  });

  it('is hidden, and calls nothing, until the user is authenticated', async () => {
    session = buildSession({ status: 'loading' });
    const loading = renderSubNavigation();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
    loading.unmount();
    session = buildSession();
    renderSubNavigation();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it("links the organisation's dashboards, external ones in a new tab", async () => {
    settings = { grafana_url: 'https://grafana.acme.test/d/1', tau_url: 'https://tau.acme.test/' };
    renderSubNavigation('/devices');
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });

    const devices = within(nav).getByRole('link', { name: 'Devices' });
    expect(devices).toHaveAttribute('href', '/devices');
    expect(devices).toHaveAttribute('aria-current', 'page');

    const observability = within(nav).getByRole('link', { name: /Observability/ });
    await waitFor(() =>
      expect(observability).toHaveAttribute('href', 'https://grafana.acme.test/d/1'),
    );
    expect(observability).toHaveAttribute('target', '_blank');
    expect(observability).toHaveAttribute('rel', 'noopener noreferrer');
    const toolkit = within(nav).getByRole('link', { name: /AI Toolkit/ });
    expect(toolkit).toHaveAttribute('href', 'https://tau.acme.test/');
    expect(toolkit).toHaveAttribute('target', '_blank');
  });

  it('reads the settings with JSON headers and the bearer token, after authentication', async () => {
    renderSubNavigation();
    await waitFor(() => expect(calls('GET')).toHaveLength(1));
    const { headers } = calls('GET')[0]!;
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('authorization')).toBe('Bearer access-token-1');
  });

  it('does not highlight Devices elsewhere, and shows no AI Toolkit without its URL', async () => {
    renderSubNavigation('/docs');
    await waitFor(() => expect(calls('GET')).toHaveLength(1));
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Devices' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: /Observability/ })).toHaveAttribute(
      'href',
      DEFAULT_OBSERVABILITY,
    );
    expect(within(nav).queryByRole('link', { name: /AI Toolkit/ })).not.toBeInTheDocument();
  });

  it('only logs a failed settings fetch: default observability link, no AI Toolkit', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    settings = null;
    renderSubNavigation();
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        'Failed to fetch organisation settings:',
        expect.anything(),
      ),
    );
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: /Observability/ })).toHaveAttribute(
      'href',
      DEFAULT_OBSERVABILITY,
    );
    expect(within(nav).queryByRole('link', { name: /AI Toolkit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('links Grafana once per browser session and user', async () => {
    const first = renderSubNavigation();
    await waitFor(() => expect(calls('POST')).toHaveLength(1));
    expect(calls('POST')[0]!.headers.get('content-type')).toBeNull();
    first.unmount();

    // A new page load in the same tab (fresh query cache): the session flag holds.
    const second = renderSubNavigation();
    await waitFor(() => expect(calls('GET')).toHaveLength(2));
    expect(calls('POST')).toHaveLength(1);
    second.unmount();

    session = buildSignedInSession({ userId: 'user-2' });
    renderSubNavigation();
    await waitFor(() => expect(calls('POST')).toHaveLength(2));
  });

  it('logs a failed link with its status, shows nothing, and tries again next page load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    linkStatus = 502;
    const first = renderSubNavigation();
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Failed to link Grafana: 502', expect.anything()),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    first.unmount();

    linkStatus = 200;
    renderSubNavigation();
    await waitFor(() => expect(calls('POST')).toHaveLength(2));
  });

  it('tells a signed-out user why their login failed, with a way to try again', async () => {
    session = buildSignedInSession({
      status: 'signed-out',
      userId: null,
      displayName: null,
      error: { code: 'state_mismatch', message: 'Invalid state', action: 'show' },
    });
    renderSubNavigation('/');
    expect(screen.getByRole('alert')).toHaveTextContent('Sign-in did not complete: Invalid state');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(session.signIn).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(session.dismissError).toHaveBeenCalled();
  });
});
