import type { FastifyError, FastifyInstance } from 'fastify';
import { GENERIC_SERVER_ERROR } from '@brezza/contract';

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
  if (error.validation) return `Invalid request: ${error.message}`;
  return error.message;
}

/** The one error handler: a stable `{ error }` body, and nothing internal on a 5xx. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error instanceof HttpError
        ? error.statusCode
        : typeof error.statusCode === 'number' && error.statusCode >= 400
          ? error.statusCode
          : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      // Other 5xx messages may carry internals (a driver's or Stripe's text).
      const message = error instanceof OutageError ? error.message : GENERIC_SERVER_ERROR;
      return reply.status(status).send({ error: message });
    }
    return reply.status(status).send({ error: clientMessage(error) });
  });
}
