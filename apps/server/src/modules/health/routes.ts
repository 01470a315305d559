import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { HEALTH_PATH } from '@brezza/contract';

/** Liveness and readiness in one: answers 200 only when the database answers. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(HEALTH_PATH, async (request, reply) => {
    try {
      await sql`select 1`.execute(app.database.db);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check failed');
      return reply.status(503).send({ error: 'Database unavailable.' });
    }
  });
}
