import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import {
  AGENT_REGISTER_PATH,
  AGENT_SAMPLES_PATH,
  agentRegisterBodySchema,
  agentSamplesBodySchema,
} from '@brezza/contract';
import { badRequest, HttpError, unauthorized } from '../../errors.js';
import { bearerToken } from '../identity/authenticate.js';
import type { DB } from '../../db/schema.js';
import { createAgentService } from './service.js';

export const MISSING_APP_TOKEN = 'An app token is required: Authorization: Bearer <app token>.';

/** Bodies are small: a registration is a few hundred bytes, a push of 20 samples tens of KB. */
export const REGISTER_BODY_LIMIT = 16 * 1024;
export const SAMPLES_BODY_LIMIT = 512 * 1024;
/** Per address for registrations; per token for pushes (one every 15 s is normal). */
export const REGISTER_PER_MINUTE = 20;
export const PUSHES_PER_MINUTE = 60;

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('Request body must be a JSON object.');
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw badRequest(`${where}${issue?.message ?? 'Invalid request body.'}`);
  }
  return result.data;
}

function appToken(request: FastifyRequest, reply: FastifyReply): string {
  const token = bearerToken(request.headers.authorization);
  if (!token) {
    reply.header('WWW-Authenticate', 'Bearer realm="brezza-agent"');
    throw unauthorized(MISSING_APP_TOKEN);
  }
  return token;
}

// Pushes are counted per token (never the token itself as a key in memory).
const tokenKey = (request: FastifyRequest) =>
  createHash('sha256')
    .update(request.headers.authorization ?? request.ip)
    .digest('base64url');

/** The agent's calls, outside /api's operator authentication: the app token is the credential. */
export async function agentRoutes(app: FastifyInstance): Promise<void> {
  const onServersChanged = (organisationId: number, trx: Transaction<DB>) =>
    app.hierarchy.invalidate(organisationId, trx);
  // Pushes and their samples go through the telemetry module (metrics store, live updates).
  const service = createAgentService({
    db: app.database.db,
    onServersChanged,
    samples: app.telemetryIngest,
    rawRetentionMs: app.telemetryIngest.rawRetentionMs,
  });

  await app.register(rateLimit, {
    global: false,
    cache: 20_000,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        context.statusCode,
        `Too many requests from this agent. Try again in ${context.after}.`,
      ),
  });

  app.post(
    AGENT_REGISTER_PATH,
    {
      bodyLimit: REGISTER_BODY_LIMIT,
      config: { rateLimit: { max: REGISTER_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const token = appToken(request, reply);
      const body = parse(agentRegisterBodySchema, request.body);
      return service.register(token, body, request.ip);
    },
  );

  app.post(
    AGENT_SAMPLES_PATH,
    {
      bodyLimit: SAMPLES_BODY_LIMIT,
      config: {
        rateLimit: { max: PUSHES_PER_MINUTE, timeWindow: 60_000, keyGenerator: tokenKey },
      },
    },
    async (request, reply) => {
      const token = appToken(request, reply);
      const body = parse(agentSamplesBodySchema, request.body);
      return service.ingest(token, body, request.ip);
    },
  );
}
