import { describe, expect, it } from 'vitest';
import { accessRequestBodySchema, passwordResetBodySchema } from './identity.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('identity contract', () => {
  it('accepts a complete access request and trims the name', () => {
    const body = accessRequestBodySchema.parse({
      name: '  Ada Operator ',
      email: 'ada@example.com',
      password: 'correct horse battery',
    });
    expect(body.name).toBe('Ada Operator');
  });

  it('names each invalid field of an access request', () => {
    const result = accessRequestBodySchema.safeParse({
      name: ' ',
      email: 'nope',
      password: 'short',
    });
    expect(messages(result)).toEqual([
      'Name is required.',
      'Enter a valid e-mail address.',
      'Password must be at least 8 characters.',
    ]);
  });

  it('says which fields are missing from an empty access request', () => {
    expect(messages(accessRequestBodySchema.safeParse({}))).toEqual([
      'Name is required.',
      'Enter a valid e-mail address.',
      'Password is required.',
    ]);
  });

  it('requires a valid e-mail for a password reset', () => {
    expect(passwordResetBodySchema.safeParse({ email: 'ops@example.com' }).success).toBe(true);
    expect(messages(passwordResetBodySchema.safeParse({ email: '' }))).toEqual([
      'Enter a valid e-mail address.',
    ]);
  });
});
