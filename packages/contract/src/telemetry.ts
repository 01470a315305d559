import { z } from 'zod';
import { ID_MAX } from './devices.js';
import { EQUIPMENT_PROFILES } from './equipment-agent.js';
import { equipmentMetricName } from './equipment.js';

/**
 * Telemetry (issue 11): every sample an agent (or an equipment poller) sends is stored in the
 * metrics store, queried by range with a step and an aggregate, and streamed live to browsers.
 *
 * A stored sample is one number of one series: a metric name (units in the name), the device it
 * belongs to (a row of the `servers` table: servers, pCDUs, PDUs), optional labels
 * (`mountpoint`, `interface`, ...) and a time.
 */

export const METRICS_NAMES_PATH = '/api/metrics/names';
export const METRICS_QUERY_PATH = '/api/metrics/query';
/**
 * Server-sent events (`text/event-stream`) of new samples, e.g.
 * `GET /api/metrics/stream?devices=1,2&metrics=cpu_usage_ratio,power_watts`.
 *
 * Authenticated like every /api call with `Authorization: Bearer <access token>`. The browser's
 * EventSource cannot send headers, so the web app reads the stream with `fetch()` and a
 * `ReadableStream` reader, parsing the SSE frames itself (see parseSseFrames below). Without
 * `devices` every device of the organisation is streamed; without `metrics` every metric.
 *
 * Frames:
 * - `event: ready` once, `data: {"at": epochMs}` when the subscription is in place;
 * - `event: samples`, `data:` a {@link MetricsStreamSamples} for each stored write (within 2 s of
 *   the samples' arrival at any server instance);
 * - a `: keep-alive` comment every {@link METRICS_STREAM_KEEPALIVE_SECONDS} seconds.
 */
export const METRICS_STREAM_PATH = '/api/metrics/stream';
export const METRICS_STREAM_KEEPALIVE_SECONDS = 15;

// ---------------------------------------------------------------------------------------------
// Metric names.

export const METRIC_NAME_PATTERN = /^[a-z_][a-z0-9_]{0,99}$/;
export const LABEL_NAME_PATTERN = /^[a-z_][a-z0-9_]{0,63}$/;

export interface MetricDescriptor {
  name: string;
  /** The unit a chart shows next to a value: 'ratio', 'bytes', 'bytes/s', '°C', 'W', ... */
  unit: string;
  help: string;
  /** The labels that tell this metric's series of one device apart. */
  labels: readonly string[];
}

/**
 * What the server stores for each agent sample: the agent's structured sample (agentSampleSchema)
 * flattened to one value per metric and label set. Byte and error counters become rates over
 * the interval since the device's previous sample.
 */
export const SERVER_METRICS = [
  { name: 'uptime_seconds', unit: 's', help: 'Time since the machine booted.', labels: [] },
  { name: 'cpu_count', unit: 'CPUs', help: 'Logical CPUs.', labels: [] },
  {
    name: 'cpu_usage_ratio',
    unit: 'ratio',
    help: 'Share of CPU time spent busy over the last interval (0 to 1).',
    labels: [],
  },
  { name: 'memory_total_bytes', unit: 'bytes', help: 'Installed memory.', labels: [] },
  {
    name: 'memory_available_bytes',
    unit: 'bytes',
    help: 'Memory available to new programs without swapping.',
    labels: [],
  },
  { name: 'swap_total_bytes', unit: 'bytes', help: 'Swap space.', labels: [] },
  { name: 'swap_free_bytes', unit: 'bytes', help: 'Unused swap space.', labels: [] },
  { name: 'load1', unit: '', help: 'Load average over 1 minute.', labels: [] },
  { name: 'load5', unit: '', help: 'Load average over 5 minutes.', labels: [] },
  { name: 'load15', unit: '', help: 'Load average over 15 minutes.', labels: [] },
  {
    name: 'filesystem_size_bytes',
    unit: 'bytes',
    help: 'Size of a mounted filesystem.',
    labels: ['mountpoint'],
  },
  {
    name: 'filesystem_free_bytes',
    unit: 'bytes',
    help: 'Free space of a mounted filesystem.',
    labels: ['mountpoint'],
  },
  {
    name: 'filesystem_available_bytes',
    unit: 'bytes',
    help: 'Space of a mounted filesystem available to unprivileged users.',
    labels: ['mountpoint'],
  },
  {
    name: 'disk_read_bytes_per_second',
    unit: 'bytes/s',
    help: 'Bytes read from a disk per second over the last interval.',
    labels: ['device'],
  },
  {
    name: 'disk_written_bytes_per_second',
    unit: 'bytes/s',
    help: 'Bytes written to a disk per second over the last interval.',
    labels: ['device'],
  },
  {
    name: 'network_receive_bytes_per_second',
    unit: 'bytes/s',
    help: 'Bytes received on a network interface per second over the last interval.',
    labels: ['interface'],
  },
  {
    name: 'network_transmit_bytes_per_second',
    unit: 'bytes/s',
    help: 'Bytes sent on a network interface per second over the last interval.',
    labels: ['interface'],
  },
  {
    name: 'network_receive_errors_per_second',
    unit: 'errors/s',
    help: 'Receive errors on a network interface per second over the last interval.',
    labels: ['interface'],
  },
  {
    name: 'network_transmit_errors_per_second',
    unit: 'errors/s',
    help: 'Transmit errors on a network interface per second over the last interval.',
    labels: ['interface'],
  },
  {
    name: 'temperature_celsius',
    unit: '°C',
    help: 'A temperature sensor (hwmon chip or thermal zone).',
    labels: ['chip', 'sensor'],
  },
  {
    name: 'power_watts',
    unit: 'W',
    help: 'Average power of a RAPL or hwmon power domain over the last interval.',
    labels: ['source', 'domain'],
  },
] as const satisfies readonly MetricDescriptor[];

export type ServerMetricName = (typeof SERVER_METRICS)[number]['name'];

/**
 * Every metric the product knows, for names, units and help. Modules that store other devices'
 * readings (pCDUs, PDUs) add their descriptors here.
 */
export const METRIC_CATALOGUE: readonly MetricDescriptor[] = [...SERVER_METRICS];

export const describeMetric = (name: string): MetricDescriptor | undefined =>
  METRIC_CATALOGUE.find((metric) => metric.name === name);

/**
 * The stored names of the shipped equipment profiles' readings and their units (`pcdu_wflow` →
 * `L/min`, `pdu_outlet_power` → `W`); where two profiles name one metric, the first one's.
 */
const EQUIPMENT_METRIC_UNITS: ReadonlyMap<string, string> = new Map(
  EQUIPMENT_PROFILES.flatMap((profile) =>
    profile.protocol === 'modbus-tcp'
      ? profile.registers.map((r) => [equipmentMetricName(profile.type, r.sensor), r.unit] as const)
      : profile.metrics.map(
          (m) => [equipmentMetricName(profile.type, m.sensor.replace('_{i}', '')), m.unit] as const,
        ),
  ).reverse(),
);

/**
 * A stored metric's unit ('°C', 'L/min', 'ratio'); '' for a count, a flag, an unknown name or
 * none (an alert rule on a device's absence has no metric).
 */
export const metricUnit = (name: string | null): string =>
  name === null ? '' : (describeMetric(name)?.unit ?? EQUIPMENT_METRIC_UNITS.get(name) ?? '');

// ---------------------------------------------------------------------------------------------
// GET /api/metrics/names

export const metricNameSchema = z.object({
  name: z.string(),
  unit: z.string(),
  help: z.string(),
});
export type MetricName = z.infer<typeof metricNameSchema>;

/** The metrics the organisation has stored samples of, by name. */
export const metricNamesResponseSchema = z.object({ metrics: z.array(metricNameSchema) });
export type MetricNamesResponse = z.infer<typeof metricNamesResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/metrics/query

export const SCOPE_TYPES = ['organisation', 'datacenter', 'room', 'rack', 'server'] as const;
export type ScopeType = (typeof SCOPE_TYPES)[number];
export const AGGREGATES = ['avg', 'min', 'max', 'sum'] as const;
export type Aggregate = (typeof AGGREGATES)[number];
export const GROUP_BYS = ['server', 'rack', 'room', 'datacenter'] as const;
export type GroupBy = (typeof GROUP_BYS)[number];

/** Points one query may answer in total (series × steps): a chart needs far fewer. */
export const MAX_QUERY_POINTS = 500_000;
/** Steps one series may have: a 30-day range at 1 minute is 43,200. */
export const MAX_QUERY_STEPS = 50_000;
export const MIN_STEP_SECONDS = 1;

export const METRIC_REQUIRED = 'metric is required.';
export const METRIC_UNKNOWN = 'metric must be a metric name such as cpu_usage_ratio.';
export const SCOPE_ID_REQUIRED = 'scope.id is required unless scope.type is organisation.';
export const timeInvalid = (field: string) =>
  `${field} must be an ISO-8601 time or epoch milliseconds.`;
export const RANGE_INVALID = 'to must be after from.';
export const TOO_MANY_STEPS = `The range holds more than ${MAX_QUERY_STEPS} steps: choose a larger stepSeconds.`;
export const SCOPE_NOT_FOUND = 'No such datacenter, room, rack or server in your organisation.';

/** ISO-8601 (with an offset or Z) or epoch milliseconds; parsed to epoch milliseconds. */
export const timeSchema = (field: string) =>
  z.union([z.number(), z.string()], { error: timeInvalid(field) }).transform((value, ctx) => {
    const ms =
      typeof value === 'number'
        ? value
        : /^\d+$/.test(value)
          ? Number(value)
          : z.iso.datetime({ offset: true }).safeParse(value).success
            ? Date.parse(value)
            : Number.NaN;
    if (!Number.isSafeInteger(Math.round(ms)) || ms < 0) {
      ctx.addIssue({ code: 'custom', message: timeInvalid(field) });
      return z.NEVER;
    }
    return Math.round(ms);
  });

export const metricsScopeSchema = z
  .object({
    type: z.enum(SCOPE_TYPES, {
      error: `scope.type must be one of ${SCOPE_TYPES.join(', ')}.`,
    }),
    id: z.number().int().positive().max(ID_MAX).optional(),
  })
  .refine((scope) => scope.type === 'organisation' || scope.id !== undefined, {
    message: SCOPE_ID_REQUIRED,
    path: ['id'],
  });
export type MetricsScope = z.infer<typeof metricsScopeSchema>;

export const metricsQueryBodySchema = z
  .object({
    metric: z.string({ error: METRIC_REQUIRED }).regex(METRIC_NAME_PATTERN, METRIC_UNKNOWN),
    scope: metricsScopeSchema,
    /**
     * How series are combined at each step. Each series is first reduced over the step (avg for
     * avg and sum, min for min, max for max), then the series of a group are combined with it:
     * `sum` of power_watts is the total power of the scope.
     */
    aggregate: z.enum(AGGREGATES, { error: `aggregate must be one of ${AGGREGATES.join(', ')}.` }),
    /** One series per server, rack, room or datacenter of the scope; one series without it. */
    groupBy: z
      .enum(GROUP_BYS, { error: `groupBy must be one of ${GROUP_BYS.join(', ')}.` })
      .optional(),
    from: timeSchema('from'),
    to: timeSchema('to'),
    stepSeconds: z
      .number({ error: 'stepSeconds must be a number of seconds.' })
      .int('stepSeconds must be a whole number of seconds.')
      .min(MIN_STEP_SECONDS, `stepSeconds must be at least ${MIN_STEP_SECONDS}.`),
  })
  .refine((query) => query.to > query.from, { message: RANGE_INVALID, path: ['to'] })
  .refine((query) => (query.to - query.from) / (query.stepSeconds * 1000) <= MAX_QUERY_STEPS, {
    message: TOO_MANY_STEPS,
    path: ['stepSeconds'],
  });
/** What the client sends (times as ISO-8601 strings or epoch milliseconds). */
export type MetricsQueryInput = z.input<typeof metricsQueryBodySchema>;
/** As the server reads it: times in epoch milliseconds. */
export type MetricsQuery = z.output<typeof metricsQueryBodySchema>;

/** `[epochMs, value]`: the step's start; the step covers `[epochMs, epochMs + stepSeconds)`. */
export const pointSchema = z.tuple([z.number(), z.number()]);
export type Point = z.infer<typeof pointSchema>;

/**
 * One series of the answer. Its labels name the group: `{ server: "12", serverName: "web-1" }`
 * (or rack/rackName, room/roomName, datacenter/datacenterName); empty without groupBy. A group
 * "unassigned" (id "0") holds servers without a rack (room, datacenter).
 */
export const metricSeriesSchema = z.object({
  labels: z.record(z.string(), z.string()),
  points: z.array(pointSchema),
});
export type MetricSeries = z.infer<typeof metricSeriesSchema>;

export const metricsQueryResponseSchema = z.object({
  /** The metric's unit, for the chart's axis. */
  unit: z.string(),
  /** The store's resolution the answer was computed from: raw samples, 1-minute or 1-hour rollups. */
  resolution: z.enum(['raw', '1m', '1h']),
  series: z.array(metricSeriesSchema),
});
export type MetricsQueryResponse = z.infer<typeof metricsQueryResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/metrics/stream

const idList = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10}){0,499}$/, 'devices must be device ids separated by commas.')
  .transform((value) => value.split(',').map(Number));
const nameList = z
  .string()
  .regex(
    /^[a-z_][a-z0-9_]{0,99}(,[a-z_][a-z0-9_]{0,99}){0,99}$/,
    'metrics must be metric names separated by commas.',
  )
  .transform((value) => value.split(','));

export const metricsStreamQuerySchema = z.object({
  devices: idList.optional(),
  metrics: nameList.optional(),
});
export type MetricsStreamQuery = z.output<typeof metricsStreamQuerySchema>;

/** One sample of a stream frame; `t` epoch milliseconds, `v` the value. */
export const streamSampleSchema = z.object({
  deviceId: z.number().int().positive(),
  metric: z.string(),
  labels: z.record(z.string(), z.string()),
  t: z.number(),
  v: z.number(),
});
export type StreamSample = z.infer<typeof streamSampleSchema>;

/** The `data:` of an `event: samples` frame. */
export const metricsStreamSamplesSchema = z.object({ samples: z.array(streamSampleSchema) });
export type MetricsStreamSamples = z.infer<typeof metricsStreamSamplesSchema>;

export interface SseFrame {
  event: string;
  data: string;
}

/**
 * Splits the text received so far into complete SSE frames and the unfinished rest (keep it and
 * prepend it to the next chunk). Comments (keep-alives) are dropped.
 */
export function parseSseFrames(text: string): { frames: SseFrame[]; rest: string } {
  const normalised = text.replace(/\r\n?/g, '\n');
  const blocks = normalised.split('\n\n');
  const rest = blocks.pop() ?? '';
  const frames: SseFrame[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) frames.push({ event, data: data.join('\n') });
  }
  return { frames, rest };
}
