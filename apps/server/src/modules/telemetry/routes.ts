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
  type MetricsStreamSamples,
} from '@brezza/contract';
import { routes } from '../../lib/routes.js';
import { createTelemetryRepository } from './repository.js';
import { createTelemetryService } from './service.js';

const tags = ['Telemetry'];
const security = [{ operator: [] }];

/** The telemetry API (operator, under /api): metric names, range queries and the live stream. */
export async function telemetryRoutes(app: FastifyInstance): Promise<void> {
  const api = routes(app);
  const service = createTelemetryService({
    repository: createTelemetryRepository(app.database.db),
    store: app.metricsStore,
  });
  const streams = new Set<() => void>();
  // Open streams would keep the server from closing: they end first.
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  api.get(
    METRICS_NAMES_PATH,
    {
      schema: {
        summary: "The metric names stored for the organisation's devices.",
        tags,
        security,
        response: { 200: metricNamesResponseSchema },
      },
    },
    async (request) => service.names(request.user.organisationId),
  );

  api.post(
    METRICS_QUERY_PATH,
    {
      // A read: every role may query its organisation's samples.
      config: { minimumRole: 'viewer' },
      schema: {
        summary: 'Range query of stored samples, grouped by the hierarchy.',
        tags,
        security,
        body: metricsQueryBodySchema,
        response: { 200: metricsQueryResponseSchema, 404: errorBodySchema },
      },
    },
    async (request) => service.query(request.user.organisationId, request.body),
  );

  api.get(
    METRICS_STREAM_PATH,
    {
      schema: {
        summary:
          'Live samples as server-sent events: `event: ready` (data `{"at": epochMs}`), then `event: samples` frames, and `: keep-alive` comments.',
        tags,
        security,
        querystring: metricsStreamQuerySchema,
        response: {
          // A stream that stays open; clients (and the OpenAPI test) know it by its media type.
          200: {
            description: 'Server-sent events until the client goes.',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { organisationId } = request.user;
      const query = request.query;
      const deviceIds = await service.streamDevices(organisationId, query);
      const metrics = query.metrics ? new Set(query.metrics) : undefined;

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
