import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AUDIT_LOG_PATH, auditLogCsv, auditLogQuerySchema, auditLogSchema } from '@brezza/contract';
import { routes } from '../../lib/routes.js';
import { createAuditRepository } from './repository.js';

/** `GET /api/audit-log`: the organisation's entries, newest first, as JSON or CSV. */
export async function auditRoutes(api: FastifyInstance): Promise<void> {
  const repository = createAuditRepository(api.database.db);
  routes(api).get(
    AUDIT_LOG_PATH,
    {
      schema: {
        summary:
          'Hierarchy changes, role changes and equipment commands, newest first; format=csv for a CSV download.',
        tags: ['Access'],
        security: [{ operator: [] }],
        querystring: auditLogQuerySchema,
        response: {
          200: auditLogSchema.or(z.string().describe('The entries as CSV (format=csv).')),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const entries = await repository.list(request.user.organisationId, query);
      reply.header('Cache-Control', 'no-store');
      if (query.format === 'json') return { entries };
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit-log-${day}.csv"`)
        .send(auditLogCsv(entries));
    },
  );
}
