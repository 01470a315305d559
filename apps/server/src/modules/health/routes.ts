import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { HEALTH_PATH, errorBodySchema } from '@brezza/contract';
import { routes } from '../../lib/routes.js';

/** Liveness and readiness in one: answers 200 only when the database answers. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const schema = {
    summary: 'Liveness and readiness: 200 only when the database answers.',
    tags: ['Public'],
    response: { 200: z.object({ status: z.literal('ok') }), 503: errorBodySchema },
  };
  routes(app).get(HEALTH_PATH, { schema }, async (request, reply) => {
    try {
      await sql`select 1`.execute(app.database.db);
      return { status: 'ok' as const };
    } catch (error) {
      request.log.error({ err: error }, 'health check failed');
      return reply.status(503).send({ error: 'Database unavailable.' });
    }
  });
}
