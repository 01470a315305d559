import type { z } from 'zod';
import { badRequest } from '../errors.js';

/**
 * A request body or querystring as a contract schema parses it; anything else is a 400 whose
 * message is the schema's own (the same text the browser shows for the same mistake).
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const input = body === undefined || body === null ? {} : body;
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw badRequest('Request body must be a JSON object.');
  }
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid request.');
  return result.data;
}
