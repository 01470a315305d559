import { z } from 'zod';
import type { ErrorBody } from './error-body.js';

/** Every failed API call answers this body, with the HTTP status telling what kind of failure. */
export const errorBodySchema: z.ZodType<ErrorBody> = z.object({ error: z.string() });

export const GENERIC_SERVER_ERROR = 'Something went wrong on our side. Please try again.';
export const NOT_FOUND_ERROR = 'Not found.';
