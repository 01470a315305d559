import type { FastifyInstance } from 'fastify';
import {
  HIERARCHY_EXPORT_PATH,
  HIERARCHY_IMPORT_PATH,
  IMPORT_BODY_TYPE,
  IMPORT_MAX_BYTES,
  fillRow,
  hierarchyDocumentSchema,
  hierarchyExportQuerySchema,
  hierarchyImportQuerySchema,
  importRefusedMessage,
  type HierarchyRow,
} from '@brezza/contract';
import type { z } from 'zod';
import { badRequest } from '../../errors.js';
import { createBulkService } from './service.js';

/** Registered inside the /api scope, whose prefix the contract's paths already carry. */
const local = (path: string) => path.replace(/^\/api/, '');

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw badRequest(`${where}${issue?.message ?? 'Invalid request.'}`);
  }
  return result.data;
}

/**
 * GET /api/hierarchy/export?format=csv|json and POST /api/hierarchy/import?dryRun=true|false
 * (issue 16), for the caller's organisation. The import takes the exported shapes: text/csv, or
 * application/json `{ rows }`; a real import with a refused row answers 422 and writes nothing.
 */
export async function hierarchyBulkRoutes(api: FastifyInstance): Promise<void> {
  const service = createBulkService({
    db: api.database.db,
    onChange: (organisationId) => api.hierarchy.lists.drop(organisationId),
  });

  // CSV bodies arrive as text; only this plugin's routes see the parser.
  api.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  api.get(local(HIERARCHY_EXPORT_PATH), async (request, reply) => {
    const { format } = parse(hierarchyExportQuerySchema, request.query);
    const body = await service.export(request.user.organisationId, format);
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .header(
        'Content-Type',
        format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      )
      .header('Content-Disposition', `attachment; filename="hierarchy-${date}.${format}"`)
      .header('Cache-Control', 'no-store')
      .send(body);
  });

  api.post(
    local(HIERARCHY_IMPORT_PATH),
    { bodyLimit: IMPORT_MAX_BYTES },
    async (request, reply) => {
      const { dryRun } = parse(hierarchyImportQuerySchema, request.query);
      let rows: HierarchyRow[];
      if (typeof request.body === 'string') {
        rows = service.rowsFromCsv(request.body);
      } else if (request.body && typeof request.body === 'object' && !Array.isArray(request.body)) {
        rows = parse(hierarchyDocumentSchema, request.body).rows.map(fillRow);
      } else {
        throw badRequest(IMPORT_BODY_TYPE);
      }
      const result = await service.import(request.user.organisationId, rows, dryRun);
      if (!dryRun && !result.applied) {
        return reply
          .status(422)
          .send({ error: importRefusedMessage(result.counts.refused), ...result });
      }
      return result;
    },
  );
}
