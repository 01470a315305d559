import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { GenericError } from '@auth0/auth0-spa-js';
import { buildAppConfig } from '@/testing/app-config';
import { AppConfigProvider } from './runtime-config';
import { AuthProvider, mayHoldSession, RENEWAL_CHECK_MS, useSession } from './auth';
import { ApiError, AUTHENTICATION_ERROR, useApiClient } from './api-client';

interface FakeAuth0 {
  isLoading: boolean;
  isAuthenticated: boolean;
  error: Error | undefined;
  user: { sub: string; name?: string; email?: string } | undefined;
  getAccessTokenSilently: ReturnType<typeof vi.fn>;
  loginWithRedirect: ReturnType<typeof vi.fn>;
  logout: ReturnType<typeof vi.fn>;
}

function buildAuth0(overrides: Partial<FakeAuth0> = {}): FakeAuth0 {
  return {
    isLoading: false,
    isAuthenticated: true,
    error: undefined,
    user: { sub: 'user-7', name: 'Dana Operator', email: 'dana@example.com' },
    getAccessTokenSilently: vi.fn(async () => 'access-token'),
    loginWithRedirect: vi.fn(async () => {}),
    logout: vi.fn(async () => {}),
    ...overrides,
  };
}

let auth0 = buildAuth0();
vi.mock('@auth0/auth0-react', () => ({
  Auth0Provider: ({ children }: { children: ReactNode }) => children,
  useAuth0: () => auth0,
}));

const config = buildAppConfig();

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function wrapperAt(path: string) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AppConfigProvider config={config}>
        <MemoryRouter initialEntries={[path]}>
          <AuthProvider>
            {children}
            <LocationProbe />
          </AuthProvider>
        </MemoryRouter>
      </AppConfigProvider>
    );
  };
}

/** The login client's token cache: this browser holds a session (see `mayHoldSession`). */
const CLIENT_CACHE_KEY = '@@auth0spajs@@::brezza-web::audience::openid profile email';

beforeEach(() => {
  auth0 = buildAuth0();
  window.history.replaceState(null, '', '/');
  window.localStorage.setItem(CLIENT_CACHE_KEY, '{}');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('mayHoldSession', () => {
  it("reads the login client's cookie, its token cache and a login callback", () => {
    expect(mayHoldSession('', [], '')).toBe(false);
    expect(mayHoldSession('theme=dark; other.is.authenticated=true', ['settings'], '?q=1')).toBe(
      false,
    );
    expect(mayHoldSession('a=1; auth0.brezza-web.is.authenticated=true', [], '')).toBe(true);
    expect(mayHoldSession('auth0.is.authenticated=true', [], '')).toBe(true);
    expect(mayHoldSession('', [CLIENT_CACHE_KEY], '')).toBe(true);
    expect(mayHoldSession('', [], '?code=abc&state=xyz')).toBe(true);
    expect(mayHoldSession('', [], '?error=access_denied&state=xyz')).toBe(true);
  });
});

describe('useSession', () => {
  it('is loading until the login client has loaded', () => {
    const { result } = renderHook(() => useSession(), { wrapper: wrapperAt('/') });
    expect(result.current.status).toBe('loading');
  });

  it('shows the name, else the e-mail, and the subject', async () => {
    const { result, rerender } = renderHook(() => useSession(), { wrapper: wrapperAt('/') });
    await waitFor(() => expect(result.current.status).toBe('signed-in'));
    expect(result.current).toMatchObject({
      status: 'signed-in',
      displayName: 'Dana Operator',
      userId: 'user-7',
      error: null,
    });
    auth0 = buildAuth0({ user: { sub: 'user-8', email: 'only@example.com' } });
    rerender();
    await waitFor(() => expect(result.current.displayName).toBe('only@example.com'));
  });

  it('is loading, then signed out', async () => {
    auth0 = buildAuth0({ isLoading: true, isAuthenticated: false, user: undefined });
    const { result, rerender } = renderHook(() => useSession(), { wrapper: wrapperAt('/') });
    // The login client itself is still loading the session.
    await import('./auth0-session');
    expect(result.current.status).toBe('loading');
    auth0 = buildAuth0({ isAuthenticated: false, user: undefined });
    rerender();
    await waitFor(() => expect(result.current.status).toBe('signed-out'));
  });

  it('signs in with a return path and signs out to /logged-out', async () => {
    const { result } = renderHook(() => useSession(), { wrapper: wrapperAt('/') });
    await result.current.signIn({ returnTo: '/stripe', connection: 'github' });
    expect(auth0.loginWithRedirect).toHaveBeenCalledWith({
      appState: { returnTo: '/stripe' },
      authorizationParams: { connection: 'github' },
    });
    await result.current.signOut();
    expect(auth0.logout).toHaveBeenCalledWith({
      logoutParams: { returnTo: `${window.location.origin}/logged-out` },
    });
  });

  it('keeps a login error, in the SPEC words, and clears the spent callback from the address', async () => {
    auth0 = buildAuth0({
      isAuthenticated: false,
      user: undefined,
      error: new GenericError('state_mismatch', 'Invalid state'),
    });
    const { result } = renderHook(() => useSession(), {
      wrapper: wrapperAt('/?code=abc&state=xyz&tab=2'),
    });
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current.error).toEqual({
      code: 'state_mismatch',
      message: 'Invalid state',
      action: 'show',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/\?tab=2$/));
    act(() => result.current.dismissError());
    await waitFor(() => expect(result.current.error).toBeNull());
  });

  it('logs out locally, showing nothing, when the provider says login_required', async () => {
    auth0 = buildAuth0({
      isAuthenticated: false,
      user: undefined,
      error: new GenericError('login_required', 'Login required'),
    });
    const { result } = renderHook(() => useSession(), { wrapper: wrapperAt('/') });
    await waitFor(() => expect(auth0.logout).toHaveBeenCalledWith({ openUrl: false }));
    expect(result.current.error).toBeNull();
  });
});

describe('access tokens', () => {
  it('sends the user to login, back to this page, when the refresh token is refused', async () => {
    window.history.replaceState(null, '', '/devices?view=table#rack-2');
    auth0 = buildAuth0({
      getAccessTokenSilently: vi.fn(async () => {
        throw new GenericError('invalid_grant', 'grant request is invalid');
      }),
    });
    const { result } = renderHook(() => useApiClient(), { wrapper: wrapperAt('/devices') });

    const failure = await result.current('/api/servers').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, message: AUTHENTICATION_ERROR });
    expect(auth0.loginWithRedirect).toHaveBeenCalledWith({
      appState: { returnTo: '/devices?view=table#rack-2' },
    });
  });

  it('does not start a login for other token failures', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    auth0 = buildAuth0({
      getAccessTokenSilently: vi.fn(async () => {
        throw new GenericError('timeout', 'Timeout');
      }),
    });
    const { result } = renderHook(() => useApiClient(), { wrapper: wrapperAt('/devices') });
    await expect(result.current('/api/servers')).rejects.toMatchObject({ status: 401 });
    expect(auth0.loginWithRedirect).not.toHaveBeenCalled();
  });

  it('keeps the token fresh while signed in, and when the tab comes back', async () => {
    // The login client module loads once; later loads are answered from the module cache.
    await import('./auth0-session');
    vi.useFakeTimers();
    render(<p>page</p>, { wrapper: wrapperAt('/docs') });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(auth0.getAccessTokenSilently).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RENEWAL_CHECK_MS);
    });
    expect(auth0.getAccessTokenSilently).toHaveBeenCalledTimes(2);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(auth0.getAccessTokenSilently).toHaveBeenCalledTimes(3);
  });

  it('asks for no token while signed out', async () => {
    auth0 = buildAuth0({ isAuthenticated: false, user: undefined });
    const { result } = renderHook(() => useSession(), { wrapper: wrapperAt('/') });
    await waitFor(() => expect(result.current.status).toBe('signed-out'));
    expect(auth0.getAccessTokenSilently).not.toHaveBeenCalled();
  });
});
