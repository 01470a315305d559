import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  HIERARCHY_EXPORT_PATH,
  HIERARCHY_IMPORT_PATH,
  IMPORT_MAX_BYTES,
  errorBodySchema,
  fillRow,
  hierarchyDocumentSchema,
  hierarchyExportQuerySchema,
  hierarchyImportQuerySchema,
  importRefusedMessage,
  importResultSchema,
} from '@brezza/contract';
import { routes } from '../../../lib/routes.js';
import { fieldName, operatorMessage } from '../../../lib/validation.js';
import { badRequest } from '../../../errors.js';
import { createBulkService } from './service.js';

const tags = ['Devices'];
const security = [{ operator: [] }];

/**
 * GET /api/hierarchy/export?format=csv|json and POST /api/hierarchy/import?dryRun=true|false
 * (issue 16), for the caller's organisation. The import takes the exported shapes: text/csv, or
 * application/json `{ rows }`; a real import with a refused row answers 422 and writes nothing.
 */
export async function hierarchyBulkRoutes(scope: FastifyInstance): Promise<void> {
  const api = routes(scope);
  const service = createBulkService({
    db: scope.database.db,
    onChange: (organisationId) => scope.hierarchy.lists.drop(organisationId),
  });

  // CSV bodies arrive as text; only this plugin's routes see the parser.
  scope.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  api.get(
    HIERARCHY_EXPORT_PATH,
    {
      schema: {
        summary:
          'Datacenters, rooms, racks and server placement as rows: `format=csv` (the default, the same columns) or `json`.',
        tags,
        security,
        querystring: hierarchyExportQuerySchema,
        // Sent as the file's text (CSV, or this JSON), not re-serialised.
        response: {
          200: z.union([z.string().describe('The CSV file.'), hierarchyDocumentSchema]),
          400: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
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
    },
  );

  api.post(
    HIERARCHY_IMPORT_PATH,
    {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        summary:
          'Imports rows (text/csv with a header, or this JSON); `dryRun=true` (the default) only says what each row would do.',
        tags,
        security,
        querystring: hierarchyImportQuerySchema,
        // The JSON rows are checked in the handler, so that a bad row is named (a union's
        // failure would only say that the body is neither shape).
        body: z.union([
          z.string().describe('The CSV file, as text/csv.'),
          hierarchyDocumentSchema.extend({ rows: z.array(z.unknown()) }),
        ]),
        response: {
          200: importResultSchema,
          400: errorBodySchema,
          422: importResultSchema.extend({ error: z.string() }),
        },
      },
    },
    async (request, reply) => {
      const { dryRun } = request.query;
      let rows;
      if (typeof request.body === 'string') {
        rows = service.rowsFromCsv(request.body);
      } else {
        const document = hierarchyDocumentSchema.safeParse(request.body, {
          error: operatorMessage,
        });
        if (!document.success) {
          const issue = document.error.issues[0]!;
          throw badRequest(`${fieldName(issue.path)}: ${issue.message}`);
        }
        rows = document.data.rows.map(fillRow);
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
