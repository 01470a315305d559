import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { MetricSample, TelemetryEvents, TelemetrySubscription } from './store/types.js';

/**
 * Live fan-out of stored samples (app.telemetryEvents). In process for one instance; on
 * PostgreSQL every instance LISTENs on one channel and publishing is a NOTIFY, delivered to every
 * instance (this one included) once the publishing transaction committed.
 */

export const TELEMETRY_CHANNEL = 'brezza_telemetry';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7_500;

interface Subscriber {
  subscription: TelemetrySubscription;
  listener(samples: MetricSample[]): void;
}

function createHub() {
  const subscribers = new Set<Subscriber>();
  return {
    subscribers,
    deliver(samples: readonly MetricSample[]) {
      for (const { subscription, listener } of subscribers) {
        const matching = samples.filter(
          (sample) =>
            (subscription.organisationId === undefined ||
              sample.organisationId === subscription.organisationId) &&
            (!subscription.deviceIds || subscription.deviceIds.has(sample.deviceId)) &&
            (!subscription.metrics || subscription.metrics.has(sample.metric)),
        );
        if (matching.length > 0) listener(matching);
      }
    },
    subscribe(subscription: TelemetrySubscription, listener: (samples: MetricSample[]) => void) {
      const entry = { subscription, listener };
      subscribers.add(entry);
      return () => void subscribers.delete(entry);
    },
  };
}

export function createInProcessEvents(): TelemetryEvents {
  const hub = createHub();
  return {
    async publish(samples) {
      hub.deliver(samples);
    },
    subscribe: hub.subscribe,
    async close() {
      hub.subscribers.clear();
    },
  };
}

/** One NOTIFY payload's samples: [organisationId, deviceId, metric, labels, t, value]. */
type Packed = [number, number, string, Record<string, string> | 0, number, number];

/** Packs samples into payloads under PostgreSQL's limit. Pure. */
export function packNotifications(samples: readonly MetricSample[]): string[] {
  const payloads: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const s of samples) {
    const packed: Packed = [
      s.organisationId,
      s.deviceId,
      s.metric,
      s.labels && Object.keys(s.labels).length > 0 ? s.labels : 0,
      s.timestampMs,
      s.value,
    ];
    const text = JSON.stringify(packed);
    // A sample that cannot fit alone (enormous labels) is not sent live; it is still stored.
    if (text.length + 2 > MAX_PAYLOAD) continue;
    if (size + text.length + 1 > MAX_PAYLOAD) {
      payloads.push(`[${current.join(',')}]`);
      current = [];
      size = 2;
    }
    current.push(text);
    size += text.length + 1;
  }
  if (current.length > 0) payloads.push(`[${current.join(',')}]`);
  return payloads;
}

export function unpackNotification(payload: string): MetricSample[] {
  return (JSON.parse(payload) as Packed[]).map(
    ([organisationId, deviceId, metric, labels, t, v]) => ({
      organisationId,
      deviceId,
      metric,
      ...(labels ? { labels } : {}),
      timestampMs: t,
      value: v,
    }),
  );
}

export async function createPostgresEvents(deps: {
  url: string;
  db: Kysely<DB>;
  log: (error: unknown) => void;
}): Promise<TelemetryEvents> {
  const hub = createHub();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function listen(): Promise<void> {
    const next = new pg.Client({ connectionString: deps.url });
    next.on('notification', (message) => {
      if (message.channel !== TELEMETRY_CHANNEL || !message.payload) return;
      try {
        hub.deliver(unpackNotification(message.payload));
      } catch (error) {
        deps.log(error);
      }
    });
    // A lost connection is replaced: live updates resume, the stored samples were never at risk.
    next.on('error', (error) => {
      deps.log(error);
      if (client === next) client = null;
      void next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void listen().catch(deps.log), 1000);
    });
    await next.connect();
    await next.query(`LISTEN ${TELEMETRY_CHANNEL}`);
    client = next;
  }
  await listen();

  return {
    async publish(samples) {
      const payloads = packNotifications(samples);
      if (payloads.length === 0) return;
      await sql`select pg_notify(${TELEMETRY_CHANNEL}, payload) from unnest(${payloads}::text[]) as payload`.execute(
        deps.db,
      );
    },
    subscribe: hub.subscribe,
    async close() {
      closed = true;
      clearTimeout(retry);
      hub.subscribers.clear();
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
