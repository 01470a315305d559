import type { FastifyInstance } from 'fastify';
import {
  ORGANISATION_PATH,
  SAMPLE_STALE_AFTER_SECONDS,
  SERVER_PRESENCE_PATH,
  type OrganisationSummary,
  type ServerPresence,
} from '@brezza/contract';
import { notFound } from '../../errors.js';
import { createObservabilityRepository } from './repository.js';

/** The contract's paths, relative to the /api scope these routes are registered in. */
const inApiScope = (path: string) => path.replace(/^\/api/, '');

/** What the observability and Devices pages read besides the metrics API; in the /api scope. */
export async function observabilityRoutes(app: FastifyInstance): Promise<void> {
  const repository = createObservabilityRepository(app.database.db);

  app.get<{ Reply: OrganisationSummary }>(inApiScope(ORGANISATION_PATH), async (request) => {
    const organisation = await repository.organisation(request.user.organisationId);
    if (!organisation) throw notFound('Organisation not found.');
    return organisation;
  });

  app.get<{ Reply: ServerPresence }>(inApiScope(SERVER_PRESENCE_PATH), async (request) => ({
    checkedAt: new Date().toISOString(),
    onlineWithinSeconds: SAMPLE_STALE_AFTER_SECONDS,
    servers: await repository.lastSeen(request.user.organisationId),
  }));
}
