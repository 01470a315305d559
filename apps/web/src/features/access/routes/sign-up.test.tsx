import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { ACCESS_REQUESTS_PATH, type AppConfig } from '@brezza/contract';
import { buildSession } from '@/testing/session';
import { AppConfigProvider } from '@/lib/runtime-config';
import { buildAppConfig } from '@/testing/app-config';
import { SignUpRoute } from './sign-up';

const session = buildSession();
// The page only starts the hosted login for social buttons; the login itself is a browser test.
vi.mock('@/lib/auth', () => ({ useSession: () => session }));

const received: unknown[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  received.length = 0;
  vi.clearAllMocks();
});
afterAll(() => server.close());

function answer(status: number, body: Record<string, string>) {
  server.use(
    http.post(`*${ACCESS_REQUESTS_PATH}`, async ({ request }) => {
      received.push({ body: await request.json(), auth: request.headers.get('authorization') });
      return HttpResponse.json(body, { status });
    }),
  );
}

function renderSignUp(config: Partial<AppConfig> = {}) {
  return render(
    <AppConfigProvider config={buildAppConfig(config)}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <SignUpRoute />
        </MemoryRouter>
      </QueryClientProvider>
    </AppConfigProvider>,
  );
}

async function fillIn() {
  await userEvent.type(screen.getByLabelText('Name'), 'Ada Operator');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
}

describe('SignUpRoute', () => {
  it('has the SPEC heading, required fields and the sign-in link', () => {
    renderSignUp();
    expect(
      screen.getByRole('heading', { name: 'Welcome. We exist to make entrepreneurism easier.' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByText(/Terms of Service/)).toHaveTextContent('Privacy Policy');
    expect(screen.getByRole('link', { name: 'Already using Brezza? Sign in' })).toHaveAttribute(
      'href',
      '/signin',
    );
  });

  it('sends the access request without a bearer token and confirms it', async () => {
    answer(202, { status: 'accepted', message: 'Thanks.' });
    renderSignUp();
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Request received')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('An administrator');
    expect(screen.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();
    expect(received).toEqual([
      {
        body: { name: 'Ada Operator', email: 'ada@example.com', password: 'correct horse battery' },
        auth: null,
      },
    ]);
  });

  it("shows the server's error for a refused request and keeps the form", async () => {
    answer(400, { error: 'Enter a valid e-mail address.' });
    renderSignUp();
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid e-mail address.');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled();
  });

  it('shows a generic message when the server fails', async () => {
    answer(500, { error: 'internal detail' });
    renderSignUp();
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not send your request.');
  });

  it('catches a blank name before sending anything', async () => {
    renderSignUp();
    await userEvent.type(screen.getByLabelText('Name'), '   ');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Name is required.');
    expect(received).toEqual([]);
  });

  it('disables social buttons that are not configured, with a reason', () => {
    renderSignUp();
    const github = screen.getByRole('button', { name: 'Continue with GitHub' });
    expect(github).toBeDisabled();
    expect(github).toHaveAccessibleDescription(/not set up for this installation/);
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  });

  it('starts the hosted login with a configured connection', async () => {
    renderSignUp({
      identity: { ...buildAppConfig().identity, socialConnections: ['github'] },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Continue with GitHub' }));
    expect(session.signIn).toHaveBeenCalledWith({ connection: 'github' });
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  });
});
