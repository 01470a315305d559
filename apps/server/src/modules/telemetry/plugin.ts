import fp from 'fastify-plugin';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { MetricsSettings } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import {
  createTransactionSampleWriter,
  createWorkerSampleWriter,
  type IngestWrite,
  type SampleWriter,
} from '../agent/sample-writer.js';
import { createInProcessEvents, createPostgresEvents } from './events.js';
import { createEngine } from './store/embedded/engine.js';
import { createEmbeddedStore } from './store/embedded/store.js';
import { createPrometheusStore } from './store/prometheus/store.js';
import type { MetricsStore } from './store/types.js';

/** How often past hours are sealed and retention applied. */
export const MAINTENANCE_INTERVAL_MS = 5 * 60_000;

/** Writes an agent's push and its samples, wherever the samples go; then publishes them live. */
export interface TelemetryIngest {
  /** Resolves with the samples the store accepted, once stored. */
  write(item: IngestWrite): Promise<number>;
  readonly rawRetentionMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    telemetryIngest: TelemetryIngest;
  }
}

/** The file the app's SQLite connection has open, for the sample writer's own connection. */
async function sqliteFile(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  return rows.find((row) => row.name === 'main')!.file;
}

/**
 * The sample writer and the store backend for a database and settings: the embedded store with
 * the writer carrying its writes (SQLite: a worker thread), or a Prometheus-compatible store.
 */
export async function createStoreParts(deps: {
  database: Database;
  metrics: MetricsSettings;
  /** After a write changed a server's address: drop the organisation's cached lists. */
  onListsChanged(organisationId: number): void;
  onServersChanged(organisationId: number, trx: Transaction<DB>): Promise<void>;
  onRefused?(error: Error): void;
}): Promise<{ writer: SampleWriter; backend: MetricsStore }> {
  const { db, dialect } = deps.database;
  const { retention, remote } = deps.metrics;
  const engineOptions = remote ? null : { dialect, retention };
  const writer: SampleWriter =
    dialect === 'sqlite'
      ? createWorkerSampleWriter({
          file: await sqliteFile(db),
          engine: engineOptions,
          onServersChanged: deps.onListsChanged,
        })
      : createTransactionSampleWriter({
          db,
          engine: engineOptions ? createEngine(engineOptions) : null,
          onServersChanged: deps.onServersChanged,
        });
  const backend: MetricsStore = remote
    ? createPrometheusStore({
        writeUrl: remote.writeUrl,
        queryUrl: remote.queryUrl,
        tenantId: remote.tenantId,
        onRefused: deps.onRefused,
      })
    : createEmbeddedStore({ db, engine: createEngine({ dialect, retention }), writer });
  return { writer, backend };
}

/**
 * The metrics store (embedded, or Prometheus-compatible when METRICS_REMOTE_WRITE_URL and
 * METRICS_QUERY_URL are set), the live fan-out, and the writer agents' pushes go through.
 * `app.metricsStore.write` publishes what it stored to `app.telemetryEvents` itself.
 */
export const telemetryPlugin = fp(
  async (app) => {
    const { config, database } = app;
    const { retention, remote } = config.metrics;
    const { writer, backend } = await createStoreParts({
      database,
      metrics: config.metrics,
      onListsChanged: (organisationId) => app.hierarchy.lists.drop(organisationId),
      onServersChanged: (organisationId, trx) => app.hierarchy.invalidate(organisationId, trx),
      onRefused: (error) => app.log.warn({ err: error }, 'the metrics store refused samples'),
    });
    const events =
      config.database.kind === 'postgres'
        ? await createPostgresEvents({
            url: config.database.url,
            db: database.db,
            log: (error) => app.log.warn({ err: error }, 'live telemetry'),
          })
        : createInProcessEvents();

    async function publish(item: IngestWrite) {
      // Already stored: a live update that cannot be sent is logged, not an error for the writer.
      await events.publish(item.samples).catch((error: unknown) => {
        app.log.warn({ err: error }, 'live telemetry publish failed');
      });
    }

    const ingest: TelemetryIngest = {
      rawRetentionMs: retention.rawMs,
      async write(item) {
        let accepted: number;
        if (!remote) accepted = await writer.write(item);
        else {
          // The samples first: a push is acknowledged only once its samples are stored.
          accepted = item.samples.length > 0 ? (await backend.write(item.samples)).accepted : 0;
          if (item.push) await writer.write({ push: item.push, samples: [] });
        }
        await publish(item);
        return accepted;
      },
    };

    const store: MetricsStore = {
      kind: backend.kind,
      async write(samples) {
        return { accepted: await ingest.write({ samples: [...samples] }) };
      },
      queryRange: (query) => backend.queryRange(query),
      latest: (query) => backend.latest(query),
      names: (organisationId) => backend.names(organisationId),
      close: () => backend.close(),
    };

    app.decorate('metricsStore', store);
    app.decorate('telemetryEvents', events);
    app.decorate('telemetryIngest', ingest);

    const maintain = () =>
      writer.maintain(Date.now()).catch((error: unknown) => {
        app.log.warn({ err: error }, 'metrics store maintenance failed');
      });
    const timer = setInterval(() => void maintain(), MAINTENANCE_INTERVAL_MS);
    timer.unref();
    app.addHook('onReady', async () => {
      void maintain();
    });
    // Writes still in flight are stored (and answered) before the worker and database go.
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await writer.close();
      await events.close();
      await backend.close();
    });
  },
  { name: 'telemetry', dependencies: ['database', 'hierarchy'] },
);
