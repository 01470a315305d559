import { describe, expect, it } from 'vitest';
import { socialOptions, unavailableNote } from './social-connections';

describe('social sign-in options', () => {
  it('enables only the connections the identity provider has', () => {
    expect(socialOptions(['google-oauth2'])).toEqual([
      { connection: 'github', label: 'GitHub', enabled: false },
      { connection: 'google-oauth2', label: 'Google', enabled: true },
    ]);
  });

  it('explains what is not available, and says nothing when all are', () => {
    expect(unavailableNote(socialOptions([]))).toBe(
      'GitHub and Google sign-in are not set up for this installation. Use the form below instead.',
    );
    expect(unavailableNote(socialOptions(['github']))).toBe(
      'Google sign-in is not set up for this installation. Use the form below instead.',
    );
    expect(unavailableNote(socialOptions(['github', 'google-oauth2']))).toBeNull();
  });
});
