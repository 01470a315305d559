import { useMemo, type ReactNode } from 'react';
import { Auth0Provider, useAuth0, type AppState } from '@auth0/auth0-react';
import { useNavigate } from 'react-router';
import { useAppConfig } from './runtime-config';
import { paths } from '@/config/paths';

/** SPEC §7: scope, refresh tokens kept in local storage, our API's audience. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { identity } = useAppConfig();
  const navigate = useNavigate();
  const onRedirectCallback = (appState?: AppState) => {
    void navigate(appState?.returnTo ?? paths.home, { replace: true });
  };
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
      onRedirectCallback={onRedirectCallback}
    >
      {children}
    </Auth0Provider>
  );
}

export interface Session {
  status: 'loading' | 'signed-in' | 'signed-out';
  /** Name, falling back to e-mail (SPEC §2). */
  displayName: string | null;
  signIn(options?: { returnTo?: string; connection?: string }): Promise<void>;
  signOut(): Promise<void>;
}

export function useSession(): Session {
  const { isLoading, isAuthenticated, user, loginWithRedirect, logout } = useAuth0();
  const displayName = user ? (user.name ?? user.email ?? null) : null;
  const status = isLoading ? 'loading' : isAuthenticated ? 'signed-in' : 'signed-out';
  return useMemo(
    () => ({
      status,
      displayName,
      signIn: ({ returnTo, connection }: { returnTo?: string; connection?: string } = {}) =>
        loginWithRedirect({
          appState: { returnTo: returnTo ?? paths.home },
          ...(connection ? { authorizationParams: { connection } } : {}),
        }),
      signOut: () =>
        logout({ logoutParams: { returnTo: `${window.location.origin}${paths.loggedOut}` } }),
    }),
    [status, displayName, loginWithRedirect, logout],
  );
}
