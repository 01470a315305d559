import type { Aggregate } from '@brezza/contract';

/**
 * The metrics store (issue 11): one interface, two kinds of backend. `embedded` keeps compressed
 * chunks and rollups in the server's own SQLite or PostgreSQL database; `prometheus` writes with
 * the remote-write protocol and reads with PromQL (VictoriaMetrics, Prometheus, Mimir).
 * Decorated on the app as `app.metricsStore`.
 */

/** One value of one series at one time. */
export interface MetricSample {
  organisationId: number;
  /** The device's `servers` row id (servers, and pCDUs and PDUs with their device type). */
  deviceId: number;
  /** Lowercase, units in the name (see SERVER_METRICS in the contract). */
  metric: string;
  /** Tell a device's series of one metric apart (`mountpoint`, `interface`, ...). */
  labels?: Record<string, string>;
  timestampMs: number;
  value: number;
}

/** How `MetricsStore.write` stores a batch. */
export interface WriteOptions {
  /**
   * History (a backfill, an import): samples older than the raw retention are stored too, into
   * the minute rollups (while the minute retention keeps them) and the hour rollups (while the
   * hour retention keeps them); samples within the raw retention are stored raw as usual, so a
   * 7-day backfill shows 7 days of charts at default settings. Without it such samples are not
   * accepted. Writing the same history again stores it once. Prometheus-compatible backends
   * store history as any other write (their own retention applies).
   */
  history?: boolean;
  /**
   * Whether the samples go to live subscribers (`app.telemetryEvents`) once stored; default
   * true. A backfill passes false: its samples are not news, and on PostgreSQL each publish is
   * a NOTIFY every instance receives.
   */
  publish?: boolean;
}

export interface WriteResult {
  /** Samples now stored (a sample already stored at the same time counts as stored). */
  accepted: number;
}

export interface RangeQuery {
  organisationId: number;
  metric: string;
  /** The devices to read; every device of the organisation when absent. */
  deviceIds?: readonly number[];
  fromMs: number;
  toMs: number;
  stepMs: number;
  /**
   * How each series is reduced over a step: avg (also used for `sum`, which the caller sums
   * across series), min or max.
   */
  aggregate: Aggregate;
}

/** One stored series, reduced per step. Points are `[stepStartMs, value]`, steps without data left out. */
export interface StoredSeries {
  deviceId: number;
  labels: Record<string, string>;
  points: [number, number][];
}

export type Resolution = 'raw' | '1m' | '1h';

export interface RangeResult {
  resolution: Resolution;
  series: StoredSeries[];
}

export interface LatestQuery {
  organisationId: number;
  deviceIds?: readonly number[];
  metrics?: readonly string[];
  /** Samples older than this are left out. */
  sinceMs?: number;
}

export interface LatestSample {
  deviceId: number;
  metric: string;
  labels: Record<string, string>;
  timestampMs: number;
  value: number;
}

export interface MetricsStore {
  readonly kind: 'embedded' | 'prometheus';
  /**
   * Stores a batch; resolves once every accepted sample is durable (an acknowledged sample is a
   * stored one). Samples older than the raw retention are not accepted unless `history` is set
   * (see WriteOptions): the demo backfill calls
   * `app.metricsStore.write(samples, { history: true, publish: false })`, in batches of a few
   * thousand samples.
   */
  write(samples: readonly MetricSample[], options?: WriteOptions): Promise<WriteResult>;
  queryRange(query: RangeQuery): Promise<RangeResult>;
  /** The newest sample of each matching series. */
  latest(query: LatestQuery): Promise<LatestSample[]>;
  /** Metric names the organisation has samples of. */
  names(organisationId: number): Promise<string[]>;
  close(): Promise<void>;
}

/** What the live stream delivers: samples of one organisation, in write order. */
export interface TelemetryBatch {
  organisationId: number;
  samples: MetricSample[];
}

export interface TelemetrySubscription {
  /** Only this organisation's samples; every organisation's when absent (alerting). */
  organisationId?: number;
  /** Only these devices; all when absent. */
  deviceIds?: ReadonlySet<number>;
  /** Only these metrics; all when absent. */
  metrics?: ReadonlySet<string>;
}

/**
 * Live fan-out of stored samples, decorated as `app.telemetryEvents`. Writers publish after
 * their write committed. In process for one instance (SQLite); on PostgreSQL through
 * LISTEN/NOTIFY so that every instance's subscribers see every instance's writes.
 */
export interface TelemetryEvents {
  publish(samples: readonly MetricSample[]): Promise<void>;
  /** Calls `listener` with each published batch's matching samples; returns the unsubscribe. */
  subscribe(
    subscription: TelemetrySubscription,
    listener: (samples: MetricSample[]) => void,
  ): () => void;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metricsStore: MetricsStore;
    telemetryEvents: TelemetryEvents;
  }
}
