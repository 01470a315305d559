import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { paths } from '@/config/paths';
import { hasCallbackParams } from './auth-location';
import type { AuthErrorOutcome } from './auth-errors';
import type { SessionBackend, SessionBridgeProps, SignInOptions } from './session-backend';

export { RENEWAL_CHECK_MS, SessionRenewalError } from './session-backend';
export type { SessionBackend, SignInOptions } from './session-backend';

interface SessionContextValue {
  backend: SessionBackend | null;
  /** Signed out, known without the login client (it is fetched when the visitor signs in). */
  dormant: boolean;
  /** Fetches the login client if need be; resolves with it once loaded: actions wait for it. */
  ready(): Promise<SessionBackend>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

function deferredBackend() {
  let resolve: (backend: SessionBackend) => void = () => {};
  const promise = new Promise<SessionBackend>((done) => (resolve = done));
  return { promise, resolve };
}

type LoginClient = Promise<{ Auth0Session: ComponentType<SessionBridgeProps> }>;

let loginClient: LoginClient | null = null;

/**
 * Starts fetching the login client now (once; later calls answer the same fetch). Called for
 * pages that are not prerendered (the app's own pages): they can show nothing before the
 * session, so the client is fetched beside the page's code rather than once the browser is idle
 * (issue 10: the Devices page's lists wait for the token).
 */
export function preloadLoginClient(): LoginClient {
  return (loginClient ??= import('./auth0-session'));
}

/**
 * Whether this browser may hold a session, by the login client's own marks: its "is
 * authenticated" cookie (`auth0.<client>.is.authenticated`, or the older `auth0.is.authenticated`),
 * its token cache in local storage (`@@auth0spajs@@::…`), or a login callback in the address.
 * Without any of them the client, once loaded, finds no session either.
 */
export function mayHoldSession(
  cookies: string,
  storageKeys: readonly string[],
  search: string,
): boolean {
  return (
    cookies
      .split(';')
      .some((cookie) => /^auth0\.(?:[^=]+\.)?is\.authenticated=/.test(cookie.trim())) ||
    storageKeys.some((key) => key.startsWith('@@auth0spajs@@')) ||
    hasCallbackParams(search)
  );
}

function browserMayHoldSession(): boolean {
  let keys: string[] = [];
  try {
    keys = Object.keys(window.localStorage);
  } catch {
    // Storage refused (privacy settings): the client would keep no tokens there either.
  }
  return mayHoldSession(document.cookie, keys, window.location.search);
}

/**
 * SPEC §4 and §7 through the login client, which stays out of the first load: pages render (and
 * prerendered pages hydrate) with the session `loading`, and the client module is fetched once
 * the page is up, or at once when `preloadLoginClient` asked for it. On a prerendered page in a
 * browser that holds no session (`mayHoldSession`) it is not fetched at all until the visitor
 * signs in: the session is `signed-out` once the page is idle. Until it answers, sign-in and
 * token requests wait for it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [backend, setBackend] = useState<SessionBackend | null>(null);
  const [ready] = useState(deferredBackend);
  const [Bridge, setBridge] = useState<ComponentType<SessionBridgeProps> | null>(null);
  const [dormant, setDormant] = useState(false);
  const mounted = useRef(true);
  const load = useCallback(
    () =>
      void preloadLoginClient().then((module) => {
        if (mounted.current) setBridge(() => module.Auth0Session);
      }),
    [],
  );
  useEffect(() => {
    mounted.current = true;
    let cancelWait = () => {};
    // After the page's own work (hydration, first effects), so that the two do not add up to one
    // long task; at most half a second later on a busy page. The browser's first read of local
    // storage takes a few milliseconds, so it waits too.
    const settle = () => {
      if (browserMayHoldSession()) load();
      else startTransition(() => setDormant(true));
    };
    if (loginClient) load();
    else if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(settle, { timeout: 500 });
      cancelWait = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(settle, 0);
      cancelWait = () => window.clearTimeout(handle);
    }
    return () => {
      mounted.current = false;
      cancelWait();
    };
  }, [load]);
  const value = useMemo<SessionContextValue>(
    () => ({
      backend,
      dormant: dormant && !backend,
      ready: () => {
        load();
        return ready.promise;
      },
    }),
    [backend, dormant, ready, load],
  );
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
  const { backend, dormant, ready } = useSessionContext();
  return useMemo(
    () => ({
      status: backend?.status ?? (dormant ? 'signed-out' : 'loading'),
      displayName: backend?.displayName ?? null,
      userId: backend?.userId ?? null,
      error: backend?.error ?? null,
      signIn: async ({ returnTo, connection }: SignInOptions = {}) =>
        (backend ?? (await ready())).redirectToLogin({
          returnTo: returnTo ?? paths.home,
          connection,
        }),
      signOut: async () => (backend ?? (await ready())).signOut(),
      dismissError: () => backend?.dismissError(),
    }),
    [backend, dormant, ready],
  );
}

/** The access token for API calls; one place decides what a failed renewal does. */
export function useAccessToken(): () => Promise<string | undefined> {
  const { backend, ready } = useSessionContext();
  return useMemo(() => async () => (backend ?? (await ready())).getAccessToken(), [backend, ready]);
}
