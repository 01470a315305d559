import { z } from 'zod';
import { personText } from './person-text.js';

/**
 * Public identity calls made by the sign-up and reset-password pages (no bearer token: the
 * caller is not signed in). Both always answer 202 with the same body, whatever the e-mail.
 */
export const ACCESS_REQUESTS_PATH = '/api/access-requests';
export const PASSWORD_RESETS_PATH = '/api/password-resets';

export const accessRequestBodySchema = z.object({
  name: personText('Name', 'Name is required.', 255),
  email: z
    .email('Enter a valid e-mail address.')
    .max(320, 'E-mail must be at most 320 characters.'),
  password: z
    .string({ error: 'Password is required.' })
    .min(8, 'Password must be at least 8 characters.')
    .max(512, 'Password must be at most 512 characters.'),
});
export type AccessRequestBody = z.infer<typeof accessRequestBodySchema>;

export const passwordResetBodySchema = z.object({
  email: z
    .email('Enter a valid e-mail address.')
    .max(320, 'E-mail must be at most 320 characters.'),
});
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

export const acceptedBodySchema = z.object({ status: z.literal('accepted'), message: z.string() });
export type AcceptedBody = z.infer<typeof acceptedBodySchema>;
