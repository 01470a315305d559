import { describe, expect, it } from 'vitest';
import { GenericError, MissingRefreshTokenError, TimeoutError } from '@auth0/auth0-spa-js';
import { OAuthError } from '@auth0/auth0-react';
import { GET_TOKEN_FAILED, LOGIN_FAILED, authErrorCode, describeAuthError } from './auth-errors';

describe('describeAuthError', () => {
  it.each([
    ['state_mismatch', 'Invalid state'],
    ['missing_transaction', 'Invalid state'],
    ['timeout', 'Timeout'],
    ['cancelled', 'Popup closed'],
  ])('tells the user %s as %s', (code, message) => {
    const outcome = describeAuthError(new GenericError(code, 'whatever the client said'), 'login');
    expect(outcome).toEqual({ code, message, action: 'show' });
  });

  it("uses the login client's own error classes", () => {
    expect(describeAuthError(new TimeoutError(), 'token').message).toBe('Timeout');
    expect(describeAuthError(new MissingRefreshTokenError('aud', 'openid'), 'token')).toMatchObject(
      {
        code: 'missing_refresh_token',
        action: 'sign-in',
      },
    );
  });

  it.each(['invalid_grant', 'missing_refresh_token', 'login_required'])(
    'sends the user to login when renewal fails with %s',
    (code) => {
      expect(describeAuthError(new GenericError(code, 'no'), 'token').action).toBe('sign-in');
    },
  );

  it('logs out locally on login_required from the session check', () => {
    expect(describeAuthError(new OAuthError('login_required'), 'login').action).toBe(
      'local-logout',
    );
  });

  it('never starts a new login from a failed login (that could loop)', () => {
    for (const code of ['invalid_grant', 'missing_refresh_token', 'access_denied']) {
      expect(describeAuthError(new GenericError(code, 'x'), 'login').action).toBe('show');
    }
  });

  it("shows the provider's description of other errors", () => {
    const error = new OAuthError('access_denied', 'This account is disabled.');
    expect(describeAuthError(error, 'login')).toEqual({
      code: 'access_denied',
      message: 'This account is disabled.',
      action: 'show',
    });
  });

  it('falls back to the SPEC messages when an error says nothing', () => {
    expect(describeAuthError(new Error(''), 'login').message).toBe(LOGIN_FAILED);
    expect(describeAuthError('weird', 'token').message).toBe(GET_TOKEN_FAILED);
    expect(describeAuthError({ error: 'request_error' }, 'token')).toEqual({
      code: 'request_error',
      message: GET_TOKEN_FAILED,
      action: 'show',
    });
  });
});

describe('authErrorCode', () => {
  it('reads the code of OAuth-shaped errors only', () => {
    expect(authErrorCode(new OAuthError('login_required'))).toBe('login_required');
    expect(authErrorCode({ error: 42 })).toBeNull();
    expect(authErrorCode(new Error('plain'))).toBeNull();
    expect(authErrorCode(null)).toBeNull();
  });
});
