/**
 * Where to go after login: a path on this site, never another origin (an `appState` that
 * came back through the identity provider must not turn the app into an open redirect).
 */
export function safeReturnTo(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  // `//host` and `/\host` are read by browsers as another origin.
  if (value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) {
    return fallback;
  }
  return value;
}

/** The page the user is on, to come back to after a login. */
export function currentPath(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** What the identity provider appends to the redirect URI (code flow, RFC 6749 and 9207). */
const CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri', 'iss'];

/** `search` without the callback's parameters, so that a reload does not replay a spent one. */
export function withoutCallbackParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of CALLBACK_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export function hasCallbackParams(search: string): boolean {
  const params = new URLSearchParams(search);
  return CALLBACK_PARAMS.some((name) => params.has(name));
}
