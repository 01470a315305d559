import type { FastifyInstance } from 'fastify';
import { AUDIT_LOG_PATH, auditLogCsv, auditLogQuerySchema } from '@brezza/contract';
import { parseBody } from '../../lib/parse-body.js';
import { createAuditRepository } from './repository.js';

/** `GET /api/audit-log`: the organisation's entries, newest first, as JSON or CSV. */
export async function auditRoutes(api: FastifyInstance): Promise<void> {
  const repository = createAuditRepository(api.database.db);
  api.get(AUDIT_LOG_PATH.replace(/^\/api/, ''), async (request, reply) => {
    const query = parseBody(auditLogQuerySchema, request.query);
    const entries = await repository.list(request.user.organisationId, query);
    reply.header('Cache-Control', 'no-store');
    if (query.format === 'json') return { entries };
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="audit-log-${day}.csv"`)
      .send(auditLogCsv(entries));
  });
}
