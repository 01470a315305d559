import type { AuthErrorOutcome } from './auth-errors';

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

export interface SignInOptions {
  returnTo?: string;
  connection?: string;
}

/** What the login client (loaded after the page, see auth0-session.tsx) tells the app. */
export interface SessionBackend {
  status: 'signed-in' | 'signed-out' | 'loading';
  displayName: string | null;
  userId: string | null;
  error: AuthErrorOutcome | null;
  /** A fresh access token; when it cannot be renewed, sends the user to login and back. */
  getAccessToken(): Promise<string | undefined>;
  /** The hosted login; afterwards the user comes back to `returnTo` (default: this page). */
  redirectToLogin(options?: SignInOptions): Promise<void>;
  signOut(): Promise<void>;
  dismissError(): void;
}

export interface SessionBridgeProps {
  onChange(backend: SessionBackend): void;
}
