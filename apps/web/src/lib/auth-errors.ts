/** SPEC §8: the login client's fallback messages when an error carries none of its own. */
export const LOGIN_FAILED = 'Login failed';
export const GET_TOKEN_FAILED = 'Get access token failed';

/**
 * What the app does with an error from the login client:
 * - `sign-in`: the session cannot be renewed silently; send the user to login and back;
 * - `local-logout`: the provider says there is no session; forget ours without a redirect;
 * - `show`: tell the user and let them try again.
 */
export type AuthErrorAction = 'sign-in' | 'local-logout' | 'show';

export interface AuthErrorOutcome {
  /** The OAuth / login-client error code (`invalid_grant`, `timeout`…), when there is one. */
  code: string | null;
  message: string;
  action: AuthErrorAction;
}

/** Refresh failures after which only a new login gives a token (SPEC §4, DESIGN §4). */
const RENEWAL_FAILURES = new Set(['invalid_grant', 'missing_refresh_token', 'login_required']);

/** SPEC §8: the login client's own messages for these codes. */
const MESSAGES: Record<string, string> = {
  state_mismatch: 'Invalid state',
  missing_transaction: 'Invalid state',
  timeout: 'Timeout',
  cancelled: 'Popup closed',
};

export function authErrorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { error?: unknown }).error;
  return typeof code === 'string' && code !== '' ? code : null;
}

function ownMessage(error: unknown): string | null {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'object' && error !== null) {
    const description = (error as { error_description?: unknown }).error_description;
    if (typeof description === 'string' && description.trim() !== '') return description;
  }
  return null;
}

/**
 * Maps an error from the login client to what the user is told and what the app does.
 * `during` says where it came from: the login itself (redirect callback, session check) or a
 * token request, which decides the fallback message and what `login_required` means.
 */
export function describeAuthError(error: unknown, during: 'login' | 'token'): AuthErrorOutcome {
  const code = authErrorCode(error);
  const fallback = during === 'login' ? LOGIN_FAILED : GET_TOKEN_FAILED;
  const message = (code && MESSAGES[code]) ?? ownMessage(error) ?? fallback;
  if (during === 'login') {
    // Never an automatic new login here: a callback that keeps failing would loop forever.
    return { code, message, action: code === 'login_required' ? 'local-logout' : 'show' };
  }
  return { code, message, action: code && RENEWAL_FAILURES.has(code) ? 'sign-in' : 'show' };
}
