import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SERVER_NAME_REQUIRED, TOKENS_PATH } from '@brezza/contract';
import { AddDevicesSection, type RackOption } from './add-devices-section';

vi.mock('@/lib/auth', () => ({
  useAccessToken: () => async () => 'access-token-1',
}));

const created = () =>
  HttpResponse.json(
    { token: 'brz_token-1', expiresAt: '2026-01-02T00:00:00.000Z' },
    { status: 201 },
  );
let answer: () => Response = created;
const requests: Request[] = [];

const server = setupServer(
  http.post(TOKENS_PATH, ({ request }) => {
    requests.push(request);
    return answer();
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  answer = created;
  requests.length = 0;
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

function renderSection(racks?: RackOption[]) {
  const user = userEvent.setup();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AddDevicesSection racks={racks} />
    </QueryClientProvider>,
  );
  return { user, nameField: screen.getByLabelText('Server name') as HTMLInputElement };
}

describe('AddDevicesSection', () => {
  it('starts with a random name and rolls another with the dice', async () => {
    const { user, nameField } = renderSection();
    expect(screen.getByRole('heading', { name: 'Add Devices' })).toBeInTheDocument();
    expect(nameField.value).toMatch(/^[a-z]+-[a-z]+-([1-9][0-9]?|100)$/);
    const names = new Set([nameField.value]);
    for (let i = 0; i < 3; i += 1) {
      await user.click(screen.getByRole('button', { name: 'Generate a random name' }));
      names.add(nameField.value);
    }
    expect(names.size).toBeGreaterThan(1);
  });

  it('requires a name before asking for a token', async () => {
    const { user, nameField } = renderSection();
    await user.clear(nameField);
    await user.type(nameField, '   ');
    await user.click(screen.getByRole('button', { name: 'Generate installer command' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SERVER_NAME_REQUIRED);
    expect(nameField).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
    expect(screen.queryByTestId('installer-command')).not.toBeInTheDocument();
  });

  it('shows the installer command for the token and the name, and copies it', async () => {
    const { user, nameField } = renderSection();
    await user.clear(nameField);
    await user.type(nameField, "Bob's server");
    await user.click(screen.getByRole('button', { name: 'Generate installer command' }));

    const command = await screen.findByTestId('installer-command');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer access-token-1');
    expect(command).toHaveTextContent(
      `curl -fsSL ${window.location.origin}/static/brezza-agent -o brezza-agent && chmod +x brezza-agent && ` +
        `sudo ./brezza-agent --create-with-app-token brz_token-1 --create-with-server-name 'Bob'\\''s server'`,
    );

    await user.click(screen.getByRole('button', { name: 'Copy command' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(command.textContent);
  });

  it('adds --rack for a chosen rack, and nothing when none is chosen', async () => {
    const { user, nameField } = renderSection([
      { value: 'Milan North / Hall A / A-01', label: 'Milan North / Hall A / A-01' },
    ]);
    expect(screen.queryByLabelText('Rack (optional)')).toBeInTheDocument();
    await user.clear(nameField);
    await user.type(nameField, 'web-9');
    await user.click(screen.getByRole('button', { name: 'Generate installer command' }));
    const command = await screen.findByTestId('installer-command');
    expect(command.textContent).toMatch(/--create-with-server-name web-9$/);
    await user.selectOptions(
      screen.getByLabelText('Rack (optional)'),
      'Milan North / Hall A / A-01',
    );
    expect(command.textContent).toMatch(
      /--create-with-server-name web-9 --rack='Milan North \/ Hall A \/ A-01'$/,
    );
  });

  it('clears the token and command on failure and only logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderSection();
    await user.click(screen.getByRole('button', { name: 'Generate installer command' }));
    await screen.findByTestId('installer-command');

    answer = () => HttpResponse.json({ error: 'Database down' }, { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Generate installer command' }));
    await waitFor(() => expect(screen.queryByTestId('installer-command')).not.toBeInTheDocument());
    expect(warn).toHaveBeenCalledWith('Failed to create an installer token:', 'Database down');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    answer = () => HttpResponse.json({}, { status: 201 });
    await user.click(screen.getByRole('button', { name: 'Generate installer command' }));
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('installer-command')).not.toBeInTheDocument();
  });
});
