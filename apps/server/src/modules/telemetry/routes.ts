import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  METRICS_NAMES_PATH,
  METRICS_QUERY_PATH,
  METRICS_STREAM_KEEPALIVE_SECONDS,
  METRICS_STREAM_PATH,
  errorBodySchema,
  metricNamesResponseSchema,
  metricsQueryBodySchema,
  metricsQueryResponseSchema,
  metricsStreamQuerySchema,
  historyStartMs,
  planRequiredMessage,
  type MetricsStreamSamples,
} from '@brezza/contract';
import { forbidden } from '../../errors.js';
import { routes } from '../../lib/routes.js';
import { createTelemetryRepository } from './repository.js';
import { createTelemetryService } from './service.js';

const common = { tags: ['Telemetry'], security: [{ operator: [] }] };

/** The telemetry API (operator, under /api): metric names, range queries and the live stream. */
export async function telemetryRoutes(app: FastifyInstance): Promise<void> {
  const service = createTelemetryService({
    repository: createTelemetryRepository(app.database.db),
    store: app.metricsStore,
  });
  const streams = new Set<() => void>();
  // Open streams would keep the server from closing: they end first.
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  routes(app).get(
    METRICS_NAMES_PATH,
    {
      schema: {
        ...common,
        summary: 'The metrics the organisation has samples of, with units and help.',
        response: { 200: metricNamesResponseSchema },
      },
    },
    async (request) => service.names(request.user.organisationId),
  );

  routes(app).post(
    METRICS_QUERY_PATH,
    {
      // A read: every role may query its organisation's samples.
      config: { minimumRole: 'viewer' },
      schema: {
        ...common,
        summary:
          'A metric over a time range, per step, aggregated over a scope (organisation, datacenter, room, rack or server) and optionally grouped.',
        body: metricsQueryBodySchema,
        response: { 200: metricsQueryResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const { organisationId } = request.user;
      // Without a plan, the last 24 hours (a minute's grace for the clocks of browser and server).
      const plan = await app.plans.service.planOf(organisationId);
      const earliest = historyStartMs(plan, Date.now());
      if (earliest !== null && request.body.from < earliest - 60_000) {
        throw forbidden(planRequiredMessage('fullHistory'));
      }
      return service.query(organisationId, request.body);
    },
  );

  routes(app).get(
    METRICS_STREAM_PATH,
    {
      schema: {
        ...common,
        summary:
          'Server-sent events of new samples: `event: ready` once, then `event: samples` (data: MetricsStreamSamples) and keep-alive comments. Read it with fetch(): EventSource cannot send the bearer token.',
        querystring: metricsStreamQuerySchema,
        response: {
          200: {
            description: 'The event stream.',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { organisationId } = request.user;
      const deviceIds = await service.streamDevices(organisationId, request.query);
      const metrics = request.query.metrics ? new Set(request.query.metrics) : undefined;

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Proxies (nginx) must pass each frame on at once.
        'x-accel-buffering': 'no',
      });
      const frame = (event: string, data: unknown) =>
        raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

      const unsubscribe = app.telemetryEvents.subscribe(
        { organisationId, deviceIds, metrics },
        (samples) => {
          const data: MetricsStreamSamples = {
            samples: samples.map((s) => ({
              deviceId: s.deviceId,
              metric: s.metric,
              labels: s.labels ?? {},
              t: s.timestampMs,
              v: s.value,
            })),
          };
          frame('samples', data);
        },
      );
      const keepAlive = setInterval(
        () => raw.write(': keep-alive\n\n'),
        METRICS_STREAM_KEEPALIVE_SECONDS * 1000,
      );
      const end = () => {
        clearInterval(keepAlive);
        unsubscribe();
        streams.delete(end);
        if (!raw.writableEnded) raw.end();
      };
      streams.add(end);
      request.raw.on('close', end);
      frame('ready', { at: Date.now() });
    },
  );
}
