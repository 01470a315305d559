import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import {
  AGENT_REGISTER_PATH,
  AGENT_SAMPLES_PATH,
  agentRegisterBodySchema,
  agentRegisterResponseSchema,
  agentSamplesBodySchema,
  agentSamplesResponseSchema,
  errorBodySchema,
} from '@brezza/contract';
import { HttpError, unauthorized } from '../../errors.js';
import { routes } from '../../lib/routes.js';
import { createPushLimitKey } from './push-limit.js';
import { bearerToken } from '../../lib/bearer.js';

export const MISSING_APP_TOKEN = 'An app token is required: Authorization: Bearer <app token>.';

/** Bodies are small: a registration is a few hundred bytes, a push of 20 samples tens of KB. */
export const REGISTER_BODY_LIMIT = 16 * 1024;
export const SAMPLES_BODY_LIMIT = 512 * 1024;
/** Per address for registrations; per token for pushes (one every 15 s is normal). */
export const REGISTER_PER_MINUTE = 20;
export const PUSHES_PER_MINUTE = 60;

function appToken(request: FastifyRequest, reply: FastifyReply): string {
  const token = bearerToken(request.headers.authorization);
  if (!token) {
    reply.header('WWW-Authenticate', 'Bearer realm="brezza-agent"');
    throw unauthorized(MISSING_APP_TOKEN);
  }
  return token;
}

/** The agent's calls, outside /api's operator authentication: the app token is the credential. */
export async function agentRoutes(app: FastifyInstance): Promise<void> {
  const { service } = app.agent;
  const pushLimitKey = createPushLimitKey(app.onboarding.appTokens(app.database.db));

  await app.register(rateLimit, {
    global: false,
    cache: 20_000,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        context.statusCode,
        `Too many requests from this agent. Try again in ${context.after}.`,
      ),
  });

  const common = { tags: ['Agent'], security: [{ appToken: [] }] };
  const errors = {
    400: errorBodySchema,
    401: errorBodySchema,
    409: errorBodySchema,
    429: errorBodySchema,
  };
  routes(app).post(
    AGENT_REGISTER_PATH,
    {
      bodyLimit: REGISTER_BODY_LIMIT,
      schema: {
        ...common,
        summary: 'Registers (or re-registers) the machine the agent runs on.',
        body: agentRegisterBodySchema,
        response: { 200: agentRegisterResponseSchema, ...errors },
      },
      config: { rateLimit: { max: REGISTER_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const token = appToken(request, reply);
      return service.register(token, request.body, request.ip);
    },
  );

  routes(app).post(
    AGENT_SAMPLES_PATH,
    {
      bodyLimit: SAMPLES_BODY_LIMIT,
      schema: {
        ...common,
        summary: 'Pushes readings of the machine the app token registered.',
        body: agentSamplesBodySchema,
        response: { 200: agentSamplesResponseSchema, ...errors },
      },
      config: {
        rateLimit: { max: PUSHES_PER_MINUTE, timeWindow: 60_000, keyGenerator: pushLimitKey },
      },
    },
    async (request, reply) => {
      const token = appToken(request, reply);
      return service.ingest(token, request.body, request.ip);
    },
  );
}
