import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { METRICS_PREFIX, REFRESH_METRICS_PATH } from '@brezza/contract';
import { notFound, unauthorized } from '../../errors.js';
import { bearerToken } from '../identity/authenticate.js';
import { requestOrigin } from '../onboarding/request-origin.js';
import { createMetricsService } from './service.js';

export const SCRAPE_TOKEN_ERROR =
  'A valid scrape token for this organisation is required: Authorization: Bearer <scrape token>.';
const EXPOSITION_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const PATH_ID = /^[1-9][0-9]{0,9}$/;
const pathId = (raw: string | undefined): number | null =>
  PATH_ID.test(raw ?? '') && Number(raw) <= 2_147_483_647 ? Number(raw) : null;

type OrganisationParams = { organisationId: string; serverId?: string };

// The route patterns of the contract's organisationMetricsPath, serverMetricsPath and
// serviceDiscoveryPath.
const ORGANISATION_ROUTE = `${METRICS_PREFIX}/organisations/:organisationId`;
const SERVER_ROUTE = `${ORGANISATION_ROUTE}/servers/:serverId`;
const DISCOVERY_ROUTE = `${ORGANISATION_ROUTE}/targets`;

/**
 * Prometheus' endpoints, outside /api: each organisation's text exposition (whole, or per
 * server for targets found by discovery) and its HTTP SD document, all behind that
 * organisation's scrape token.
 */
export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const service = createMetricsService({ db: app.database.db });

  async function organisationOf(request: FastifyRequest, reply: FastifyReply): Promise<number> {
    const { organisationId } = request.params as OrganisationParams;
    const id = pathId(organisationId);
    const secret = bearerToken(request.headers.authorization);
    if (id === null || !secret || !(await service.scrapeAllowed(secret, id))) {
      reply.header('WWW-Authenticate', 'Bearer realm="brezza-metrics"');
      throw unauthorized(SCRAPE_TOKEN_ERROR);
    }
    return id;
  }

  app.get(ORGANISATION_ROUTE, async (request, reply) => {
    const organisationId = await organisationOf(request, reply);
    const body = await service.exposition(organisationId);
    return reply
      .header('Content-Type', EXPOSITION_TYPE)
      .header('Cache-Control', 'no-store')
      .send(body);
  });

  app.get(SERVER_ROUTE, async (request, reply) => {
    const organisationId = await organisationOf(request, reply);
    const serverId = pathId((request.params as OrganisationParams).serverId);
    const body = serverId === null ? '' : await service.exposition(organisationId, serverId);
    if (body === '') throw notFound('Server not found.');
    return reply
      .header('Content-Type', EXPOSITION_TYPE)
      .header('Cache-Control', 'no-store')
      .send(body);
  });

  app.get(DISCOVERY_ROUTE, async (request, reply) => {
    const organisationId = await organisationOf(request, reply);
    const groups = await service.discovery(
      requestOrigin(request, app.config.publicUrl),
      organisationId,
    );
    return reply.header('Cache-Control', 'no-store').send(groups);
  });
}

/** SPEC §7 `POST /api/refresh_prometheus`, inside the /api scope. */
export async function refreshMetricsRoutes(api: FastifyInstance): Promise<void> {
  const service = createMetricsService({ db: api.database.db });
  api.post(REFRESH_METRICS_PATH.replace(/^\/api/, ''), async (request) =>
    service.refresh(request.user.organisationId),
  );
}
