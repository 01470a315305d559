import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  METRICS_NAMES_PATH,
  METRICS_QUERY_PATH,
  METRICS_STREAM_KEEPALIVE_SECONDS,
  METRICS_STREAM_PATH,
  metricsQueryBodySchema,
  metricsStreamQuerySchema,
  type MetricsStreamSamples,
} from '@brezza/contract';
import { badRequest } from '../../errors.js';
import { createTelemetryRepository } from './repository.js';
import { createTelemetryService } from './service.js';

/** Registered inside the /api scope, whose prefix the contract's paths already carry. */
const local = (path: string) => path.replace(/^\/api/, '');

/** The input as the contract parses it; anything else is a 400 naming the field. */
function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw badRequest('Request body must be a JSON object.');
  }
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw badRequest(`${where}${issue?.message ?? 'Invalid request.'}`);
  }
  return result.data;
}

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

  app.get(local(METRICS_NAMES_PATH), async (request) => service.names(request.user.organisationId));

  app.post(local(METRICS_QUERY_PATH), async (request) =>
    service.query(request.user.organisationId, parse(metricsQueryBodySchema, request.body)),
  );

  app.get(local(METRICS_STREAM_PATH), async (request, reply) => {
    const { organisationId } = request.user;
    const query = parse(metricsStreamQuerySchema, request.query);
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
  });
}
