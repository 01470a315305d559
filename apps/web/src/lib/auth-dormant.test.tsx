import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { buildAppConfig } from '@/testing/app-config';
import { AppConfigProvider } from './runtime-config';
import { AuthProvider, useSession } from './auth';

/** A separate file: the login client, once fetched, stays loaded for the module's lifetime. */
const auth0 = {
  isLoading: false,
  isAuthenticated: false,
  error: undefined,
  user: undefined,
  getAccessTokenSilently: vi.fn(async () => undefined),
  loginWithRedirect: vi.fn(async () => {}),
  logout: vi.fn(async () => {}),
};
const loaded = vi.fn();
vi.mock('@auth0/auth0-react', () => {
  loaded();
  return {
    Auth0Provider: ({ children }: { children: ReactNode }) => children,
    useAuth0: () => auth0,
  };
});

function Wrapper({ children }: { children: ReactNode }) {
  return (
    <AppConfigProvider config={buildAppConfig()}>
      <MemoryRouter initialEntries={['/']}>
        <AuthProvider>{children}</AuthProvider>
      </MemoryRouter>
    </AppConfigProvider>
  );
}

afterEach(() => window.localStorage.clear());

describe('a browser that holds no session', () => {
  it('is signed out without fetching the login client, and fetches it to sign in', async () => {
    const { result } = renderHook(() => useSession(), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.status).toBe('signed-out'));
    // Idle time passes; nothing asked for the client.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loaded).not.toHaveBeenCalled();

    await result.current.signIn({ returnTo: '/devices' });
    expect(loaded).toHaveBeenCalledTimes(1);
    expect(auth0.loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: '/devices' } });
  });
});
