import { vi } from 'vitest';
import type { Session } from '@/lib/auth';

/** A signed-out session whose actions are spies; override what the test is about. */
export function buildSession(overrides: Partial<Session> = {}): Session {
  return {
    status: 'signed-out',
    displayName: null,
    userId: null,
    error: null,
    signIn: vi.fn(async () => {}),
    signOut: vi.fn(async () => {}),
    dismissError: vi.fn(),
    ...overrides,
  };
}

/** Dana Operator, signed in. */
export function buildSignedInSession(overrides: Partial<Session> = {}): Session {
  return buildSession({
    status: 'signed-in',
    displayName: 'Dana Operator',
    userId: 'user-1',
    ...overrides,
  });
}
