import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SILENCES_PATH, SILENCE_MESSAGES, type SilenceBody } from '@brezza/contract';
import { buildAlert, buildSilence } from '@/testing/alert-factories';
import { localInput } from '../utils/silence-window';
import { SilenceForm } from './silence-form';

vi.mock('@/lib/auth', () => ({
  useAccessToken: () => async () => 'access-token-1',
}));

const bodies: SilenceBody[] = [];
const created = (body: SilenceBody) =>
  HttpResponse.json(buildSilence({ startsAt: body.startsAt, endsAt: body.endsAt }), {
    status: 201,
  });
let answer: (body: SilenceBody) => Response = created;
const server = setupServer(
  http.post(SILENCES_PATH, async ({ request }) => {
    const body = (await request.json()) as SilenceBody;
    bodies.push(body);
    return answer(body);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  bodies.length = 0;
  answer = created;
});
afterEach(() => server.resetHandlers());

const HOUR = 3_600_000;

function renderForm() {
  const user = userEvent.setup();
  const onDone = vi.fn();
  const alert = buildAlert({ ruleId: 4, deviceId: 9, deviceName: 'pCDU Hall A' });
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}
    >
      <SilenceForm alert={alert} onDone={onDone} />
    </QueryClientProvider>,
  );
  return { user, onDone };
}

/** Types a window into the custom fields (jsdom has no picker: the value is set as typed). */
function chooseWindow(startsMs: number, endsMs: number) {
  fireEvent.change(screen.getByLabelText('Starts'), { target: { value: localInput(startsMs) } });
  fireEvent.change(screen.getByLabelText('Ends'), { target: { value: localInput(endsMs) } });
}

describe('SilenceForm', () => {
  it('silences from now for a preset duration', async () => {
    const { user, onDone } = renderForm();
    await user.type(screen.getByLabelText('Why (shown to everyone)'), 'Sensor swap');
    await user.selectOptions(screen.getByLabelText('For'), '4 hours');
    expect(screen.queryByLabelText('Starts')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Silence' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [body] = bodies;
    expect(body).toMatchObject({
      scope: { kind: 'device', id: 9 },
      ruleId: 4,
      comment: 'Sensor swap',
    });
    expect(Date.parse(body!.endsAt) - Date.parse(body!.startsAt)).toBe(4 * HOUR);
  });

  it('schedules a maintenance window ahead, in the operator’s own time', async () => {
    const { user, onDone } = renderForm();
    await user.type(screen.getByLabelText('Why (shown to everyone)'), 'Pump swap');
    await user.selectOptions(screen.getByLabelText('For'), 'Custom window…');
    // Whole minutes, as the fields hold them.
    const start = Math.ceil(Date.now() / 60_000) * 60_000 + 24 * HOUR;
    chooseWindow(start, start + 3 * HOUR);
    await user.click(screen.getByRole('button', { name: 'Silence' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies).toEqual([
      expect.objectContaining({
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 3 * HOUR).toISOString(),
        comment: 'Pump swap',
      }),
    ]);
  });

  it('refuses a window that ends before it starts, or is already over, without sending it', async () => {
    const { user, onDone } = renderForm();
    await user.selectOptions(screen.getByLabelText('For'), 'Custom window…');
    const start = Math.ceil(Date.now() / 60_000) * 60_000 + HOUR;
    chooseWindow(start, start - HOUR);
    await user.click(screen.getByRole('button', { name: 'Silence' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SILENCE_MESSAGES.endBeforeStart);
    expect(screen.getByLabelText('Ends')).toHaveAttribute('aria-invalid', 'true');

    chooseWindow(start - 5 * HOUR, start - 3 * HOUR);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Silence' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SILENCE_MESSAGES.endPassed);
    expect(bodies).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal and stays open', async () => {
    answer = () => HttpResponse.json({ error: 'A comment is required.' }, { status: 400 });
    const { user, onDone } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Silence' }));
    expect(await screen.findByText('A comment is required.')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });
});
