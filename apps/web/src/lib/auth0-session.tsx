import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Auth0Provider, useAuth0, type AppState } from '@auth0/auth0-react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from './runtime-config';
import { describeAuthError } from './auth-errors';
import {
  currentPath,
  hasCallbackParams,
  safeReturnTo,
  withoutCallbackParams,
} from './auth-location';
import {
  RENEWAL_CHECK_MS,
  SessionRenewalError,
  type SessionBackend,
  type SessionBridgeProps,
  type SignInOptions,
} from './session-backend';

/**
 * Handles what the login client reports (stored errors, renewals, failed renewals) and hands
 * the session to AuthProvider.
 */
function SessionController({ onChange }: SessionBridgeProps) {
  const {
    isLoading,
    isAuthenticated,
    user,
    error,
    getAccessTokenSilently,
    loginWithRedirect,
    logout,
  } = useAuth0();
  const navigate = useNavigate();
  const location = useLocation();
  const [dismissed, setDismissed] = useState<Error | null>(null);
  // Signing out clears the tokens before the browser leaves for the provider: a background call
  // then finds none, and its redirect to login must not overtake the sign-out (the provider,
  // still holding its session, would send the user straight back signed in).
  const signingOut = useRef(false);

  const redirectToLogin = useCallback(
    ({ returnTo, connection }: SignInOptions = {}) =>
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
      if (!signingOut.current) await redirectToLogin();
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

  const displayName = user ? (user.name ?? user.email ?? null) : null;
  const userId = user?.sub ?? null;
  const status = isLoading ? 'loading' : isAuthenticated ? 'signed-in' : 'signed-out';
  const backend = useMemo<SessionBackend>(
    () => ({
      status,
      displayName,
      userId,
      error: outcome?.action === 'show' && error !== dismissed ? outcome : null,
      getAccessToken,
      redirectToLogin,
      signOut: () => {
        signingOut.current = true;
        return logout({
          logoutParams: { returnTo: `${window.location.origin}${paths.loggedOut}` },
        });
      },
      dismissError: () => setDismissed(error ?? null),
    }),
    [
      status,
      displayName,
      userId,
      outcome,
      error,
      dismissed,
      getAccessToken,
      redirectToLogin,
      logout,
    ],
  );
  useEffect(() => onChange(backend), [backend, onChange]);
  return null;
}

/**
 * SPEC §4 and §7: login by redirect with PKCE, scope 'openid profile email', refresh tokens kept
 * in local storage, our API's audience. The callback is handled only on the redirect URI.
 * Loaded by AuthProvider after the page is up, so that the login client is not in the first load.
 */
export function Auth0Session({ onChange }: SessionBridgeProps) {
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
      <SessionController onChange={onChange} />
    </Auth0Provider>
  );
}
