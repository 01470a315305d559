import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import {
  ACCESS_REQUESTS_PATH,
  PASSWORD_RESETS_PATH,
  accessRequestBodySchema,
  passwordResetBodySchema,
  acceptedBodySchema,
  errorBodySchema,
  type AcceptedBody,
} from '@brezza/contract';
import { HttpError } from '../../errors.js';
import { routes } from '../../lib/routes.js';
import type { IdentityService } from './service.js';

/** Requests per minute and address for each public identity call. */
export const PUBLIC_IDENTITY_RATE_PER_MINUTE = 5;

export const ACCESS_REQUEST_ACCEPTED: AcceptedBody = {
  status: 'accepted',
  message:
    'Thank you. Your request has been received; you will hear from us by e-mail once it has been reviewed.',
};

export const PASSWORD_RESET_ACCEPTED: AcceptedBody = {
  status: 'accepted',
  message:
    'If an account exists for this e-mail address, a link to choose a new password is on its way. It is valid for one hour.',
};

/**
 * The two calls a signed-out visitor makes (sign-up and reset-password pages). Both always
 * answer 202 with the same body, so that they reveal nothing about which e-mails have accounts;
 * the slow part (hashing, mail) happens after the answer.
 */
export async function publicIdentityRoutes(
  app: FastifyInstance,
  options: { identity: IdentityService },
): Promise<void> {
  const { identity } = options;
  await app.register(rateLimit, {
    global: true,
    max: PUBLIC_IDENTITY_RATE_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, `Too many requests. Try again in ${context.after}.`),
  });

  const later = (work: () => Promise<void>, what: string) => {
    work().catch((error: unknown) => app.log.error({ err: error }, `${what} failed`));
  };

  const tags = ['Identity'];
  const response = { 202: acceptedBodySchema, 400: errorBodySchema, 429: errorBodySchema };
  routes(app).post(
    ACCESS_REQUESTS_PATH,
    {
      bodyLimit: 8 * 1024,
      schema: {
        summary: 'Asks for an account; staff review it. The answer is the same for every e-mail.',
        tags,
        body: accessRequestBodySchema,
        response,
      },
    },
    async (request, reply) => {
      const body = request.body;
      later(() => identity.requestAccess(body), 'access request');
      return reply.status(202).send(ACCESS_REQUEST_ACCEPTED);
    },
  );

  routes(app).post(
    PASSWORD_RESETS_PATH,
    {
      bodyLimit: 4 * 1024,
      schema: {
        summary:
          'Mails a password link if the account exists. The answer is the same for every e-mail.',
        tags,
        body: passwordResetBodySchema,
        response,
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      identity.queuePasswordReset(email);
      return reply.status(202).send(PASSWORD_RESET_ACCEPTED);
    },
  );
}
