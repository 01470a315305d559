import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  METRICS_PREFIX,
  REFRESH_METRICS_PATH,
  errorBodySchema,
  refreshMetricsResponseSchema,
  serviceDiscoverySchema,
} from '@brezza/contract';
import { parseId, routes } from '../../lib/routes.js';
import { notFound, unauthorized } from '../../errors.js';
import { bearerToken } from '../../lib/bearer.js';
import { requestOrigin } from '../../lib/request-origin.js';

export const SCRAPE_TOKEN_ERROR =
  'A valid scrape token for this organisation is required: Authorization: Bearer <scrape token>.';
const EXPOSITION_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

// Read as text: an organisation id that cannot name one is a 401 like a wrong token, so that the
// answer says nothing about which organisations exist.
const organisationParams = z.object({ organisationId: z.string() });
const serverParams = organisationParams.extend({ serverId: z.string() });
type OrganisationParams = z.infer<typeof serverParams>;
const exposition = {
  200: {
    description: 'The Prometheus text exposition.',
    content: { [EXPOSITION_TYPE]: { schema: z.string() } },
  },
  401: errorBodySchema,
};
const common = { tags: ['Metrics'], security: [{ scrapeToken: [] }] };

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
  const { service } = app.metrics;

  async function organisationOf(request: FastifyRequest, reply: FastifyReply): Promise<number> {
    const { organisationId } = request.params as Partial<OrganisationParams>;
    const id = parseId(organisationId);
    const secret = bearerToken(request.headers.authorization);
    if (id === null || !secret || !(await service.scrapeAllowed(secret, id))) {
      reply.header('WWW-Authenticate', 'Bearer realm="brezza-metrics"');
      throw unauthorized(SCRAPE_TOKEN_ERROR);
    }
    return id;
  }

  const api = routes(app);
  api.get(
    ORGANISATION_ROUTE,
    {
      schema: {
        ...common,
        summary: 'Prometheus exposition of every server of the organisation.',
        params: organisationParams,
        response: exposition,
      },
    },
    async (request, reply) => {
      const organisationId = await organisationOf(request, reply);
      const body = await service.exposition(organisationId);
      return reply
        .header('Content-Type', EXPOSITION_TYPE)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );

  api.get(
    SERVER_ROUTE,
    {
      schema: {
        ...common,
        summary: 'Prometheus exposition of one server (the targets service discovery lists).',
        params: serverParams,
        response: { ...exposition, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const organisationId = await organisationOf(request, reply);
      const serverId = parseId(request.params.serverId);
      const body = serverId === null ? '' : await service.exposition(organisationId, serverId);
      if (body === '') throw notFound('Server not found.');
      return reply
        .header('Content-Type', EXPOSITION_TYPE)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );

  api.get(
    DISCOVERY_ROUTE,
    {
      schema: {
        ...common,
        summary: 'Prometheus HTTP service discovery: one target per server, with hierarchy labels.',
        params: organisationParams,
        response: { 200: serviceDiscoverySchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const organisationId = await organisationOf(request, reply);
      const groups = await service.discovery(
        requestOrigin(request, app.config.publicUrl),
        organisationId,
      );
      return reply.header('Cache-Control', 'no-store').send(groups);
    },
  );
}

/** SPEC §7 `POST /api/refresh_prometheus`, inside the /api scope. */
export async function refreshMetricsRoutes(api: FastifyInstance): Promise<void> {
  const { service } = api.metrics;
  routes(api).post(
    REFRESH_METRICS_PATH,
    {
      schema: {
        summary: 'Rebuilds the metrics labels and service discovery after hierarchy changes.',
        tags: ['Onboarding'],
        security: [{ operator: [] }],
        response: { 200: refreshMetricsResponseSchema },
      },
    },
    async (request) => service.refresh(request.user.organisationId),
  );
}
