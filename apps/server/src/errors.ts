import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { GENERIC_SERVER_ERROR, NOT_FOUND_ERROR } from '@brezza/contract';

/** An error whose message is safe to show the caller, with the status it answers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** A 5xx whose message is written for the caller: an outage of a service we depend on. */
export class OutageError extends HttpError {
  override name = 'OutageError';
}
export const serviceUnavailable = (message: string) => new OutageError(503, message);

function clientMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'Request body is too large.';
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported content type.';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return 'Request body must not be empty when Content-Type is application/json.';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)
    return 'Request body is not valid JSON.';
  // Zod's issues, already in operator words by lib/validation.ts: the first one names the field.
  if (error.validation) return error.validation[0]?.message ?? 'Invalid request.';
  return error.message;
}

/** A path parameter that cannot name a row is answered like a missing row. */
function statusOf(error: FastifyError): number {
  if (error instanceof HttpError) return error.statusCode;
  if (error.validation && error.validationContext === 'params') return 404;
  return typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
}

/** The one error handler: a stable `{ error }` body, and nothing internal on a 5xx. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = statusOf(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      // Other 5xx messages may carry internals (a driver's or Stripe's text).
      const message = error instanceof OutageError ? error.message : GENERIC_SERVER_ERROR;
      return reply.status(status).send({ error: message });
    }
    return reply.status(status).send({ error: clientMessage(error) });
  });
}

export const BAD_URL_ERROR = 'The URL is not valid.';

/**
 * The headers of an answer given before routing, where helmet's hooks never run: those a JSON
 * error answer gets from plugins/security.ts (it loads nothing, so its policy allows nothing).
 */
function frameworkErrorHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * URLs Fastify refuses before any route or hook (a broken percent-escape, a path segment longer
 * than a parameter may be) answer the same `{ error }` body with the same headers: a segment too
 * long to be an id is a 404, like a missing row.
 */
export function frameworkErrors(https: boolean): FastifyServerOptions['frameworkErrors'] {
  const headers = frameworkErrorHeaders(https);
  return (error, request, reply) => {
    const notFound = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    request.log.info({ code: error.code }, 'refused before routing');
    // The option's reply type depends on the server's generics; this one is the default server's.
    void (reply as unknown as FastifyReply)
      .headers(headers)
      .status(notFound ? 404 : 400)
      .send({ error: notFound ? NOT_FOUND_ERROR : BAD_URL_ERROR });
  };
}
