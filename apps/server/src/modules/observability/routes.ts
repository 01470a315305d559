import type { FastifyInstance } from 'fastify';
import {
  ORGANISATION_PATH,
  SAMPLE_STALE_AFTER_SECONDS,
  SERVER_PRESENCE_PATH,
  errorBodySchema,
  organisationSummarySchema,
  serverPresenceSchema,
} from '@brezza/contract';
import { notFound } from '../../errors.js';
import { routes } from '../../lib/routes.js';
import { createObservabilityRepository } from './repository.js';

const common = { tags: ['Observability'], security: [{ operator: [] }] };

/** What the observability and Devices pages read besides the metrics API; in the /api scope. */
export async function observabilityRoutes(app: FastifyInstance): Promise<void> {
  const repository = createObservabilityRepository(app.database.db);

  routes(app).get(
    ORGANISATION_PATH,
    {
      schema: {
        ...common,
        summary: "The caller's organisation as the pages show it, and whether it is the demo one.",
        response: { 200: organisationSummarySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const organisation = await repository.organisation(request.user.organisationId);
      if (!organisation) throw notFound('Organisation not found.');
      return organisation;
    },
  );

  routes(app).get(
    SERVER_PRESENCE_PATH,
    {
      schema: {
        ...common,
        summary:
          "When each of the organisation's servers last sent a sample, judged on the server's clock.",
        response: { 200: serverPresenceSchema },
      },
    },
    async (request) => ({
      checkedAt: new Date().toISOString(),
      onlineWithinSeconds: SAMPLE_STALE_AFTER_SECONDS,
      servers: await repository.lastSeen(request.user.organisationId),
    }),
  );
}
