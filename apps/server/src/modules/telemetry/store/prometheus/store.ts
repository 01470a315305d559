import type {
  LatestQuery,
  LatestSample,
  MetricSample,
  MetricsStore,
  RangeQuery,
  RangeResult,
  StoredSeries,
} from '../types.js';
import { encodeWriteRequest, type RemoteSeries } from './remote-write.js';

/**
 * The Prometheus-compatible store: writes with remote write, reads with the Prometheus HTTP API
 * (PromQL). Works with VictoriaMetrics, Prometheus (--web.enable-remote-write-receiver) and
 * Grafana Mimir. Series are `brezza_<metric>` with the labels organisation_id, device_id and the
 * sample's own.
 */

export const METRIC_PREFIX = 'brezza_';
/** Our labels; a sample label of the same name is dropped (the series would be ambiguous). */
const RESERVED = new Set(['__name__', 'organisation_id', 'device_id']);
/** Prometheus answers at most 11,000 points per series per query_range. */
const MAX_STEPS_PER_QUERY = 10_000;
/** Samples per remote-write request. */
const WRITE_BATCH = 10_000;

export class RemoteStoreError extends Error {
  override name = 'RemoteStoreError';
  constructor(
    message: string,
    /** The store refused the data itself (4xx): sending it again cannot help. */
    readonly refused = false,
  ) {
    super(message);
  }
}

export interface PrometheusStoreOptions {
  writeUrl: string;
  queryUrl: string;
  tenantId?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Told about a batch the store refused (4xx): it is not retried. */
  onRefused?: (error: RemoteStoreError) => void;
}

/** PromQL string literal. */
const quote = (value: string) => JSON.stringify(value);
const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function selector(organisationId: number, deviceIds?: readonly number[]): string {
  const matchers = [`organisation_id=${quote(String(organisationId))}`];
  if (deviceIds) matchers.push(`device_id=~${quote(deviceIds.map(String).join('|'))}`);
  return matchers.join(',');
}

/** The PromQL of a range query: each series reduced over each step. */
export function rangeExpression(q: RangeQuery): string {
  const fn = q.aggregate === 'min' ? 'min' : q.aggregate === 'max' ? 'max' : 'avg';
  const seconds = Math.max(1, Math.round(q.stepMs / 1000));
  return `${fn}_over_time(${METRIC_PREFIX}${q.metric}{${selector(q.organisationId, q.deviceIds)}}[${seconds}s])`;
}

export function toRemoteSeries(samples: readonly MetricSample[]): RemoteSeries[] {
  const byKey = new Map<string, RemoteSeries>();
  for (const s of samples) {
    const labels: Record<string, string> = {
      __name__: `${METRIC_PREFIX}${s.metric}`,
      organisation_id: String(s.organisationId),
      device_id: String(s.deviceId),
    };
    for (const [name, value] of Object.entries(s.labels ?? {})) {
      if (!RESERVED.has(name)) labels[name] = value;
    }
    const key = JSON.stringify(
      Object.keys(labels)
        .sort()
        .map((name) => [name, labels[name]]),
    );
    let series = byKey.get(key);
    if (!series) byKey.set(key, (series = { labels, samples: [] }));
    series.samples.push([s.timestampMs, s.value]);
  }
  for (const series of byKey.values()) series.samples.sort((a, b) => a[0] - b[0]);
  return [...byKey.values()];
}

interface PromResponse<T> {
  status: 'success' | 'error';
  data: T;
  error?: string;
}
type Matrix = {
  resultType: 'matrix';
  result: { metric: Record<string, string>; values: [number, string][] }[];
};
type Vector = {
  resultType: 'vector';
  result: { metric: Record<string, string>; value: [number, string] }[];
};

const seriesLabels = (metric: Record<string, string>) => {
  const labels: Record<string, string> = {};
  for (const [name, value] of Object.entries(metric)) if (!RESERVED.has(name)) labels[name] = value;
  return labels;
};

export function createPrometheusStore(options: PrometheusStoreOptions): MetricsStore {
  const { fetch: fetchImpl = fetch, timeoutMs = 30_000 } = options;
  const headers: Record<string, string> = options.tenantId
    ? { 'X-Scope-OrgID': options.tenantId }
    : {};

  /** Queries go as POST forms (long selectors); label values take GET only in Prometheus. */
  async function api<T>(
    path: string,
    params: Record<string, string | string[]>,
    method: 'GET' | 'POST' = 'POST',
  ): Promise<T> {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
    }
    let response: Response;
    try {
      response = await fetchImpl(
        method === 'GET' ? `${options.queryUrl}${path}?${form}` : `${options.queryUrl}${path}`,
        {
          method,
          headers:
            method === 'GET'
              ? headers
              : { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          ...(method === 'POST' ? { body: form } : {}),
          signal: AbortSignal.timeout(timeoutMs),
        },
      );
    } catch (error) {
      throw new RemoteStoreError(
        `The metrics store at ${options.queryUrl} cannot be reached: ${String(error)}`,
      );
    }
    const text = await response.text();
    let parsed: PromResponse<T> | undefined;
    try {
      parsed = JSON.parse(text) as PromResponse<T>;
    } catch {
      parsed = undefined;
    }
    if (!response.ok || parsed?.status !== 'success') {
      throw new RemoteStoreError(
        `The metrics store answered ${response.status}: ${parsed?.error ?? text.slice(0, 200)}`,
      );
    }
    return parsed.data;
  }

  async function writeBatch(series: RemoteSeries[]) {
    let response: Response;
    try {
      response = await fetchImpl(options.writeUrl, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/x-protobuf',
          'content-encoding': 'snappy',
          'x-prometheus-remote-write-version': '0.1.0',
        },
        body: encodeWriteRequest(series),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new RemoteStoreError(
        `The metrics store at ${options.writeUrl} cannot be reached: ${String(error)}`,
      );
    }
    if (response.ok) return;
    const text = await response.text().catch(() => '');
    const error = new RemoteStoreError(
      `The metrics store answered ${response.status} to a write: ${text.slice(0, 200)}`,
      response.status >= 400 && response.status < 500 && response.status !== 429,
    );
    throw error;
  }

  return {
    kind: 'prometheus',

    async write(samples) {
      const series = toRemoteSeries(samples);
      let accepted = 0;
      let batch: RemoteSeries[] = [];
      let size = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        try {
          await writeBatch(batch);
          accepted += size;
        } catch (error) {
          // A batch the store refuses (too old, out of order) is not stored and not retried.
          if (error instanceof RemoteStoreError && error.refused) options.onRefused?.(error);
          else throw error;
        }
        batch = [];
        size = 0;
      };
      for (const s of series) {
        batch.push(s);
        size += s.samples.length;
        if (size >= WRITE_BATCH) await flush();
      }
      await flush();
      return { accepted };
    },

    async queryRange(q: RangeQuery): Promise<RangeResult> {
      if (q.deviceIds && q.deviceIds.length === 0) return { resolution: 'raw', series: [] };
      const start = Math.floor(q.fromMs / q.stepMs) * q.stepMs;
      const lastStep = Math.ceil(q.toMs / q.stepMs) * q.stepMs - q.stepMs;
      const expression = rangeExpression(q);
      const bySeries = new Map<string, StoredSeries>();
      // Evaluated at each step's end over the step: the point belongs to the step's start.
      for (let from = start; from <= lastStep; from += MAX_STEPS_PER_QUERY * q.stepMs) {
        const to = Math.min(lastStep, from + (MAX_STEPS_PER_QUERY - 1) * q.stepMs);
        const data = await api<Matrix>('/api/v1/query_range', {
          query: expression,
          start: String((from + q.stepMs) / 1000),
          end: String((to + q.stepMs) / 1000),
          step: `${q.stepMs / 1000}s`,
        });
        for (const result of data.result) {
          const deviceId = Number(result.metric.device_id);
          const labels = seriesLabels(result.metric);
          const key = JSON.stringify([deviceId, Object.entries(labels).sort()]);
          let series = bySeries.get(key);
          if (!series) bySeries.set(key, (series = { deviceId, labels, points: [] }));
          for (const [t, v] of result.values) {
            const stepStart = Math.round(t * 1000) - q.stepMs;
            if (stepStart >= start && stepStart < q.toMs)
              series.points.push([stepStart, Number(v)]);
          }
        }
      }
      return {
        resolution: 'raw',
        series: [...bySeries.values()].filter((s) => s.points.length > 0),
      };
    },

    async latest(q: LatestQuery): Promise<LatestSample[]> {
      if ((q.deviceIds && q.deviceIds.length === 0) || (q.metrics && q.metrics.length === 0))
        return [];
      const names = q.metrics
        ? `__name__=~${quote(q.metrics.map((m) => escapeRegex(METRIC_PREFIX + m)).join('|'))}`
        : `__name__=~${quote(`${escapeRegex(METRIC_PREFIX)}.+`)}`;
      const sel = `{${names},${selector(q.organisationId, q.deviceIds)}}`;
      // An instant selector: the newest sample within the store's lookback (5 minutes in
      // Prometheus). timestamp() gives a sample's own time only on a plain selector, and drops
      // the name: one query per metric found.
      const time = String(Date.now() / 1000);
      const values = await api<Vector>('/api/v1/query', { query: sel, time });
      const metricNames = [...new Set(values.result.map((r) => r.metric.__name__ ?? ''))];
      const times = await Promise.all(
        metricNames.map((name) =>
          api<Vector>('/api/v1/query', {
            query: `timestamp({__name__=${quote(name)},${selector(q.organisationId, q.deviceIds)}})`,
            time,
          }),
        ),
      );
      const key = (name: string, metric: Record<string, string>) =>
        JSON.stringify([name, Object.entries(seriesLabels(metric)).sort(), metric.device_id]);
      const timeOf = new Map<string, number>();
      times.forEach((answer, i) => {
        for (const r of answer.result)
          timeOf.set(key(metricNames[i]!, r.metric), Number(r.value[1]) * 1000);
      });
      return values.result
        .map((r) => {
          const name = r.metric.__name__ ?? '';
          return {
            deviceId: Number(r.metric.device_id),
            metric: name.slice(METRIC_PREFIX.length),
            labels: seriesLabels(r.metric),
            timestampMs: Math.round(timeOf.get(key(name, r.metric)) ?? r.value[0] * 1000),
            value: Number(r.value[1]),
          };
        })
        .filter((sample) => sample.timestampMs >= (q.sinceMs ?? 0));
    },

    async names(organisationId) {
      const data = await api<string[]>(
        '/api/v1/label/__name__/values',
        { 'match[]': `{${selector(organisationId)}}` },
        'GET',
      );
      return data
        .filter((name) => name.startsWith(METRIC_PREFIX))
        .map((name) => name.slice(METRIC_PREFIX.length))
        .sort();
    },

    async close() {},
  };
}
