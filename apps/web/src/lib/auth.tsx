import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { paths } from '@/config/paths';
import type { AuthErrorOutcome } from './auth-errors';
import type { SessionBackend, SessionBridgeProps, SignInOptions } from './session-backend';

export { RENEWAL_CHECK_MS, SessionRenewalError } from './session-backend';
export type { SessionBackend, SignInOptions } from './session-backend';

interface SessionContextValue {
  backend: SessionBackend | null;
  /** Resolves with the login client once it has loaded: actions wait for it. */
  ready: Promise<SessionBackend>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

function deferredBackend() {
  let resolve: (backend: SessionBackend) => void = () => {};
  const promise = new Promise<SessionBackend>((done) => (resolve = done));
  return { promise, resolve };
}

let loginClient: Promise<{ Auth0Session: ComponentType<SessionBridgeProps> }> | null = null;

/**
 * Starts fetching the login client now. Called for pages that are not prerendered (the app's
 * own pages): they can show nothing before the session, so the client is fetched beside the
 * page's code rather than once the browser is idle (issue 10: the Devices page's lists wait for
 * the token).
 */
export function preloadLoginClient(): void {
  loginClient ??= import('./auth0-session');
}

/**
 * SPEC §4 and §7 through the login client, which stays out of the first load: pages render (and
 * prerendered pages hydrate) with the session `loading`, and the client module is fetched once
 * the page is up, or at once when `preloadLoginClient` asked for it. Until it answers, sign-in
 * and token requests wait for it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [backend, setBackend] = useState<SessionBackend | null>(null);
  const [ready] = useState(deferredBackend);
  const [Bridge, setBridge] = useState<ComponentType<SessionBridgeProps> | null>(null);
  useEffect(() => {
    let active = true;
    const load = () =>
      void (loginClient ??= import('./auth0-session')).then((module) => {
        if (active) setBridge(() => module.Auth0Session);
      });
    if (loginClient) {
      load();
      return () => {
        active = false;
      };
    }
    // After the page's own work (hydration, first effects), so that the two do not add up to one
    // long task; at most half a second later on a busy page.
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle
      ? window.requestIdleCallback(load, { timeout: 500 })
      : window.setTimeout(load, 0);
    return () => {
      active = false;
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, []);
  const value = useMemo(() => ({ backend, ready: ready.promise }), [backend, ready]);
  const onChange = useMemo(
    () => (next: SessionBackend) => {
      ready.resolve(next);
      setBackend(next);
    },
    [ready],
  );
  return (
    <SessionContext.Provider value={value}>
      {children}
      {Bridge && <Bridge onChange={onChange} />}
    </SessionContext.Provider>
  );
}

function useSessionContext(): SessionContextValue {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession must be used inside AuthProvider');
  return context;
}

export interface Session {
  status: 'loading' | 'signed-in' | 'signed-out';
  /** Name, falling back to e-mail (SPEC §2). */
  displayName: string | null;
  /** The identity provider's subject: stable per user, for per-user browser state. */
  userId: string | null;
  /** A login that failed, in the login client's words (SPEC §8), until dismissed. */
  error: AuthErrorOutcome | null;
  signIn(options?: SignInOptions): Promise<void>;
  signOut(): Promise<void>;
  dismissError(): void;
}

export function useSession(): Session {
  const { backend, ready } = useSessionContext();
  return useMemo(
    () => ({
      status: backend?.status ?? 'loading',
      displayName: backend?.displayName ?? null,
      userId: backend?.userId ?? null,
      error: backend?.error ?? null,
      signIn: async ({ returnTo, connection }: SignInOptions = {}) =>
        (backend ?? (await ready)).redirectToLogin({
          returnTo: returnTo ?? paths.home,
          connection,
        }),
      signOut: async () => (backend ?? (await ready)).signOut(),
      dismissError: () => backend?.dismissError(),
    }),
    [backend, ready],
  );
}

/** The access token for API calls; one place decides what a failed renewal does. */
export function useAccessToken(): () => Promise<string | undefined> {
  const { backend, ready } = useSessionContext();
  return useMemo(() => async () => (backend ?? (await ready)).getAccessToken(), [backend, ready]);
}
