import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { Auth0Provider, useAuth0, type AppState } from '@auth0/auth0-react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from './runtime-config';
import { describeAuthError, type AuthErrorOutcome } from './auth-errors';
import {
  currentPath,
  hasCallbackParams,
  safeReturnTo,
  withoutCallbackParams,
} from './auth-location';

/**
 * A signed-in page checks this often that its access token is fresh. The login client answers
 * from its cache until the token is within 60 s of expiry, then renews it with the refresh token.
 */
export const RENEWAL_CHECK_MS = 60_000;

/** The session's token could not be renewed; the user is on their way to login. */
export class SessionRenewalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionRenewalError';
  }
}

interface SessionControls {
  /** A fresh access token; when it cannot be renewed, sends the user to login and back. */
  getAccessToken(): Promise<string | undefined>;
  /** The hosted login; afterwards the user comes back to `returnTo` (default: this page). */
  redirectToLogin(options?: { returnTo?: string; connection?: string }): Promise<void>;
  /** A stored login error the user should be told about, until dismissed. */
  error: AuthErrorOutcome | null;
  dismissError(): void;
}

const SessionContext = createContext<SessionControls | null>(null);

/** Handles what the login client reports: stored errors, renewals, and failed renewals. */
function SessionController({ children }: { children: ReactNode }) {
  const { isAuthenticated, error, getAccessTokenSilently, loginWithRedirect, logout } = useAuth0();
  const navigate = useNavigate();
  const location = useLocation();
  const [dismissed, setDismissed] = useState<Error | null>(null);

  const redirectToLogin = useCallback(
    ({ returnTo, connection }: { returnTo?: string; connection?: string } = {}) =>
      loginWithRedirect({
        appState: { returnTo: safeReturnTo(returnTo ?? currentPath(window.location)) },
        ...(connection ? { authorizationParams: { connection } } : {}),
      }),
    [loginWithRedirect],
  );

  const getAccessToken = useCallback(async () => {
    try {
      return await getAccessTokenSilently();
    } catch (failure) {
      const outcome = describeAuthError(failure, 'token');
      if (outcome.action !== 'sign-in') throw failure;
      await redirectToLogin();
      throw new SessionRenewalError(outcome.message);
    }
  }, [getAccessTokenSilently, redirectToLogin]);

  // Errors from the login client end the loading state (auth0-react) and are kept here.
  const outcome = useMemo(() => (error ? describeAuthError(error, 'login') : null), [error]);
  useEffect(() => {
    if (outcome?.action === 'local-logout') void logout({ openUrl: false });
  }, [outcome, logout]);
  useEffect(() => {
    // A failed callback leaves its spent code and state in the address; a reload would replay them.
    if (outcome && hasCallbackParams(location.search)) {
      const search = withoutCallbackParams(location.search);
      void navigate(
        { pathname: location.pathname, search, hash: location.hash },
        { replace: true },
      );
    }
  }, [outcome, location.search, location.pathname, location.hash, navigate]);

  // Keeps the access token fresh while signed in, so that a session that can no longer be
  // renewed sends the user to login from the page they are on, not at their next click.
  useEffect(() => {
    if (!isAuthenticated) return;
    const check = () => {
      getAccessToken().catch((failure: unknown) => {
        if (!(failure instanceof SessionRenewalError)) {
          console.warn('Could not renew the access token:', failure);
        }
      });
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    check();
    const timer = window.setInterval(check, RENEWAL_CHECK_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [isAuthenticated, getAccessToken]);

  const controls = useMemo<SessionControls>(
    () => ({
      getAccessToken,
      redirectToLogin,
      error: outcome?.action === 'show' && error !== dismissed ? outcome : null,
      dismissError: () => setDismissed(error ?? null),
    }),
    [getAccessToken, redirectToLogin, outcome, error, dismissed],
  );
  return <SessionContext.Provider value={controls}>{children}</SessionContext.Provider>;
}

/**
 * SPEC §4 and §7: login by redirect with PKCE, scope 'openid profile email', refresh tokens kept
 * in local storage, our API's audience. The callback is handled only on the redirect URI.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { identity } = useAppConfig();
  const navigate = useNavigate();
  const onRedirectCallback = useCallback(
    (appState?: AppState) => {
      void navigate(safeReturnTo(appState?.returnTo, paths.home), { replace: true });
    },
    [navigate],
  );
  return (
    <Auth0Provider
      domain={identity.domain}
      clientId={identity.clientId}
      authorizationParams={{
        redirect_uri: window.location.origin,
        audience: identity.audience,
        scope: 'openid profile email',
      }}
      useRefreshTokens
      cacheLocation="localstorage"
      // The redirect URI is the origin, so a callback arrives at `/` and nowhere else.
      skipRedirectCallback={window.location.pathname !== paths.home}
      onRedirectCallback={onRedirectCallback}
    >
      <SessionController>{children}</SessionController>
    </Auth0Provider>
  );
}

function useSessionControls(): SessionControls {
  const controls = useContext(SessionContext);
  if (!controls) throw new Error('useSession must be used inside AuthProvider');
  return controls;
}

export interface Session {
  status: 'loading' | 'signed-in' | 'signed-out';
  /** Name, falling back to e-mail (SPEC §2). */
  displayName: string | null;
  /** The identity provider's subject: stable per user, for per-user browser state. */
  userId: string | null;
  /** A login that failed, in the login client's words (SPEC §8), until dismissed. */
  error: AuthErrorOutcome | null;
  signIn(options?: { returnTo?: string; connection?: string }): Promise<void>;
  signOut(): Promise<void>;
  dismissError(): void;
}

export function useSession(): Session {
  const { isLoading, isAuthenticated, user, logout } = useAuth0();
  const { redirectToLogin, error, dismissError } = useSessionControls();
  const displayName = user ? (user.name ?? user.email ?? null) : null;
  const userId = user?.sub ?? null;
  const status = isLoading ? 'loading' : isAuthenticated ? 'signed-in' : 'signed-out';
  return useMemo(
    () => ({
      status,
      displayName,
      userId,
      error,
      signIn: ({ returnTo, connection }: { returnTo?: string; connection?: string } = {}) =>
        redirectToLogin({ returnTo: returnTo ?? paths.home, connection }),
      signOut: () =>
        logout({ logoutParams: { returnTo: `${window.location.origin}${paths.loggedOut}` } }),
      dismissError,
    }),
    [status, displayName, userId, error, redirectToLogin, logout, dismissError],
  );
}

/** The access token for API calls; one place decides what a failed renewal does. */
export function useAccessToken(): () => Promise<string | undefined> {
  return useSessionControls().getAccessToken;
}
