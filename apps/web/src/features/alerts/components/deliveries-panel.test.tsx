import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  ALERT_MESSAGES,
  NOTIFICATION_DELIVERIES_PATH,
  type NotificationDelivery,
} from '@brezza/contract';
import { buildDelivery } from '@/testing/alert-factories';
import { DeliveriesPanel } from './deliveries-panel';

vi.mock('@/lib/auth', () => ({
  useAccessToken: () => async () => 'access-token-1',
}));

let deliveries: NotificationDelivery[] = [];
const retried: number[] = [];
let refuse: string | null = null;

const server = setupServer(
  http.get(NOTIFICATION_DELIVERIES_PATH, () => HttpResponse.json({ deliveries })),
  http.post(`${NOTIFICATION_DELIVERIES_PATH}/:id/retry`, ({ params }) => {
    const id = Number(params.id);
    retried.push(id);
    if (refuse) return HttpResponse.json({ error: refuse }, { status: 409 });
    deliveries = deliveries.map((d) =>
      d.id === id ? { ...d, status: 'pending', nextAttemptAt: new Date().toISOString() } : d,
    );
    return HttpResponse.json(deliveries.find((d) => d.id === id));
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  retried.length = 0;
  refuse = null;
  deliveries = [
    buildDelivery({ id: 1, channelName: 'Night shift', status: 'sent' }),
    buildDelivery({
      id: 2,
      channelName: 'Pager bridge',
      status: 'pending',
      attempts: 3,
      lastError: 'The webhook answered HTTP 503.',
      nextAttemptAt: '2026-11-23T10:05:00.000Z',
      deliveredAt: null,
    }),
    buildDelivery({
      id: 3,
      channelName: 'Old hook',
      status: 'failed',
      attempts: 8,
      lastError: 'The webhook could not be reached (ECONNREFUSED).',
      deliveredAt: null,
    }),
    buildDelivery({ id: 4, channelName: 'Ops mail', status: 'pending', attempts: 0 }),
  ];
});
afterEach(() => server.resetHandlers());

function renderPanel(canRetry: boolean) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider
      client={
        new QueryClient({
          defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
        })
      }
    >
      <DeliveriesPanel canRetry={canRetry} />
    </QueryClientProvider>,
  );
  return user;
}

const row = async (channel: string) =>
  (await screen.findByRole('cell', { name: channel })).closest('tr')!;

describe('DeliveriesPanel', () => {
  it('offers Retry now on failed and waiting notifications only', async () => {
    renderPanel(true);
    for (const channel of ['Pager bridge', 'Old hook'])
      expect(within(await row(channel)).getByRole('button', { name: 'Retry now' })).toBeVisible();
    for (const channel of ['Night shift', 'Ops mail'])
      expect(within(await row(channel)).queryByRole('button', { name: 'Retry now' })).toBeNull();
  });

  it('re-queues a failed notification and shows it waiting again', async () => {
    const user = renderPanel(true);
    const failed = await row('Old hook');
    expect(failed).toHaveTextContent('Failed');
    await user.click(within(failed).getByRole('button', { name: 'Retry now' }));
    expect(retried).toEqual([3]);
    expect(await within(await row('Old hook')).findByText('Retrying')).toBeInTheDocument();
  });

  it('says why a retry was refused', async () => {
    refuse = ALERT_MESSAGES.deliverySending;
    const user = renderPanel(true);
    await user.click(within(await row('Pager bridge')).getByRole('button', { name: 'Retry now' }));
    expect(await screen.findByText(ALERT_MESSAGES.deliverySending)).toBeInTheDocument();
  });

  it('offers no retry to a viewer', async () => {
    renderPanel(false);
    await row('Old hook');
    expect(screen.queryByRole('button', { name: 'Retry now' })).toBeNull();
  });
});
