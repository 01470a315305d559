import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  CHECKOUT_FAILED_LOG,
  CREATE_CHECKOUT_SESSION_PATH,
  GET_FEATURES_PATH,
  planFeatures,
  type CurrentPlan,
} from '@brezza/contract';
import { buildSignedInSession } from '@/testing/session';
import { PlansRoute } from './plans';

vi.mock('@/lib/auth', () => ({
  useSession: () => buildSignedInSession(),
  useAccessToken: () => async () => 'access-token-1',
}));

let held: CurrentPlan | 'error' = 'none';
let checkout: { status: number; url?: string } = { status: 200, url: '#checkout' };
const bodies: unknown[] = [];

const server = setupServer(
  http.post(GET_FEATURES_PATH, async ({ request }) => {
    bodies.push(await request.json());
    if (held === 'error') return HttpResponse.json({ error: 'boom' }, { status: 500 });
    return HttpResponse.json({ features: planFeatures(held) });
  }),
  http.post(CREATE_CHECKOUT_SESSION_PATH, async ({ request }) => {
    bodies.push(await request.json());
    await delay(50);
    return checkout.status === 200
      ? HttpResponse.json({ url: checkout.url })
      : HttpResponse.json({ error: 'nope' }, { status: checkout.status });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  held = 'none';
  checkout = { status: 200, url: '#checkout' };
  bodies.length = 0;
  window.sessionStorage.clear();
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    ['/stripe', '/success', '/cancel'].map((p) => ({ path: p, element: <PlansRoute /> })),
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const card = (name: string) => screen.getByRole('article', { name });
const button = (name: string) => within(card(name)).getByRole('button');

describe('PlansRoute', () => {
  it('shows the three plans and offers Subscribe on each when no plan is held', async () => {
    renderAt('/stripe');
    expect(screen.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
    await waitFor(() => expect(button('ARGENTO')).toHaveTextContent('Subscribe'));
    for (const [name, price] of [
      ['ARGENTO', '$99'],
      ['ORO', '$199'],
      ['PLATINO', '$299'],
    ] as const) {
      expect(button(name)).toHaveTextContent('Subscribe');
      expect(button(name)).toBeEnabled();
      expect(card(name)).toHaveTextContent(`${price}/mo`);
    }
    expect(card('ORO')).toHaveTextContent('Everything in Argento');
    expect(bodies).toEqual([{}]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('marks the plan held and offers a switch to the others, after a payment', async () => {
    held = 'oro';
    renderAt('/success');
    expect(screen.getByRole('status')).toHaveTextContent('Your payment went through.');
    await waitFor(() => expect(button('ORO')).toHaveTextContent('Current Plan'));
    expect(button('ORO')).toBeDisabled();
    expect(within(card('ORO')).getAllByText('Current Plan')).toHaveLength(2);
    expect(button('ARGENTO')).toHaveTextContent('Switch Subscription');
    expect(button('PLATINO')).toHaveTextContent('Switch Subscription');
    expect(within(card('PLATINO')).queryAllByText('Current Plan')).toHaveLength(0);
  });

  it('says a cancelled payment changed nothing', async () => {
    held = 'argent';
    renderAt('/cancel');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your payment was cancelled. Your plan has not changed.',
    );
    await waitFor(() => expect(button('ARGENTO')).toHaveTextContent('Current Plan'));
  });

  it('treats a failed features fetch as no plan, only logging it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    held = 'error';
    renderAt('/stripe');
    await waitFor(() => expect(button('PLATINO')).toHaveTextContent('Subscribe'));
    expect(warn).toHaveBeenCalledWith('Failed to fetch subscription features:', expect.anything());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows Processing... while the checkout is created, then goes to its URL', async () => {
    held = 'argent';
    renderAt('/stripe');
    await waitFor(() => expect(button('PLATINO')).toHaveTextContent('Switch Subscription'));
    await userEvent.click(button('PLATINO'));
    expect(button('PLATINO')).toHaveTextContent('Processing...');
    expect(button('PLATINO')).toBeDisabled();
    expect(button('ORO')).toBeDisabled();
    await waitFor(() => expect(window.location.hash).toBe('#checkout'));
    expect(bodies.at(-1)).toEqual({ planId: 'platino' });
    expect(window.sessionStorage.getItem('brezza.plans.pending')).toContain('platino');
  });

  it('logs a failed checkout, shows no message and clears the busy state', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    checkout = { status: 500 };
    renderAt('/stripe');
    await waitFor(() => expect(button('ORO')).toHaveTextContent('Subscribe'));
    await userEvent.click(button('ORO'));
    expect(button('ORO')).toHaveTextContent('Processing...');
    await waitFor(() => expect(button('ORO')).toHaveTextContent('Subscribe'));
    expect(button('ORO')).toBeEnabled();
    expect(error).toHaveBeenCalledWith(CHECKOUT_FAILED_LOG, expect.anything());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
