import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoreParts } from '../src/modules/telemetry/plugin.js';
import { createEngine } from '../src/modules/telemetry/store/embedded/engine.js';
import type { MetricSample, MetricsStore } from '../src/modules/telemetry/store/types.js';
import type { SampleWriter } from '../src/modules/agent/sample-writer.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator } from './helpers/auth.js';
import { buildServer } from './helpers/hierarchy.js';

/**
 * History writes (a backfill): samples older than the raw retention go into the minute and
 * hour rollups, so 7 days of history show at default settings. On the embedded store as the app
 * builds it (its decorations live in the modules' scope, out of the test's reach).
 */

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let org: number;
let device: number;
let store: MetricsStore;
let writer: SampleWriter;
const end = Math.floor(Date.now() / MINUTE) * MINUTE - MINUTE;
const start = end - 7 * DAY;
const times: number[] = [];
for (let time = start; time <= end; time += MINUTE) times.push(time);
const valueAt = (time: number) => Math.round((40 + Math.sin(time / (6 * HOUR)) * 10) * 10) / 10;
const samples = (): MetricSample[] =>
  times.map((time) => ({
    organisationId: org,
    deviceId: device,
    metric: 'history_power_watts',
    timestampMs: time,
    value: valueAt(time),
  }));

beforeAll(async () => {
  t = await buildTestApp();
  org = (await createOperator(t)).organisationId;
  device = await buildServer(t, org);
  const parts = await createStoreParts({
    database: t.app.database,
    metrics: t.config.metrics,
    onListsChanged: () => {},
    onServersChanged: async () => {},
  });
  store = parts.backend;
  writer = parts.writer;
});

afterAll(async () => {
  await writer?.close();
  await t?.close();
});

async function write(options: { history?: boolean; publish?: boolean }) {
  let accepted = 0;
  const all = samples();
  for (let i = 0; i < all.length; i += 5_000)
    accepted += (await store.write(all.slice(i, i + 5_000), options)).accepted;
  return accepted;
}

const hourly = () =>
  store.queryRange({
    organisationId: org,
    metric: 'history_power_watts',
    fromMs: start,
    toMs: end + 1,
    stepMs: HOUR,
    aggregate: 'max',
  });

function expectedHourly() {
  const hours = new Map<number, number>();
  for (const time of times) {
    const hour = Math.floor(time / HOUR) * HOUR;
    hours.set(hour, Math.max(hours.get(hour) ?? -Infinity, valueAt(time)));
  }
  return [...hours.entries()].sort((a, b) => a[0] - b[0]);
}

describe('metricsStore.write with history', () => {
  it('refuses samples older than the raw retention without history', async () => {
    const rawMs = t.config.metrics.retention.rawMs;
    const recent = times.filter((time) => time >= Date.now() - rawMs + MINUTE).length;
    expect(await write({})).toBeLessThanOrEqual(recent + 1);
  });

  it('stores 7 days into the rollups, once when replayed', async () => {
    expect(await write({ history: true })).toBe(times.length);
    const first = await hourly();
    expect(first.resolution).toBe('1h');
    expect(first.series).toHaveLength(1);
    expect(first.series[0]!.points).toEqual(expectedHourly());

    // Replayed (the backfill ran again): stored once.
    expect(await write({ history: true })).toBe(times.length);
    expect((await hourly()).series[0]!.points).toEqual(expectedHourly());

    // Minute rollups five days back, beyond the raw retention.
    const from = end - 5 * DAY;
    const minutes = await store.queryRange({
      organisationId: org,
      metric: 'history_power_watts',
      fromMs: from,
      toMs: from + HOUR,
      stepMs: MINUTE,
      aggregate: 'avg',
    });
    expect(minutes.resolution).toBe('1m');
    expect(minutes.series[0]!.points).toEqual(
      times
        .filter((time) => time >= from && time < from + HOUR)
        .map((time) => [time, valueAt(time)]),
    );
  }, 120_000);

  it('keeps every minute of the hour the raw retention ends in', async () => {
    // The app's store is inside the modules' scope; the same engine reads its tables here, at a
    // fixed time so that the raw retention ends half-way through an hour.
    const engine = createEngine({
      dialect: t.app.database.dialect,
      retention: t.config.metrics.retention,
    });
    const nowMs = Math.floor(Date.now() / HOUR) * HOUR + 30 * MINUTE;
    const hour = Math.floor((nowMs - t.config.metrics.retention.rawMs) / HOUR) * HOUR;
    // Falling through the hour: its highest values are older than the raw retention.
    const minutes = Array.from({ length: 60 }, (_, i) => [hour + i * MINUTE, 100 - i] as const);
    const write = () =>
      t.app.database.db.transaction().execute((trx) =>
        engine.write(
          trx,
          minutes.map(([timestampMs, value]) => ({
            organisationId: org,
            deviceId: device,
            metric: 'history_boundary_celsius',
            timestampMs,
            value,
          })),
          nowMs,
          true,
        ),
      );
    const query = (stepMs: number, aggregate: 'max' | 'avg') =>
      engine.queryRange(
        t.app.database.db,
        {
          organisationId: org,
          metric: 'history_boundary_celsius',
          fromMs: hour,
          toMs: hour + HOUR,
          stepMs,
          aggregate,
        },
        nowMs,
      );

    for (let replay = 0; replay < 2; replay++) {
      expect(await write()).toBe(60);
      const hourly = await query(HOUR, 'max');
      expect(hourly.resolution).toBe('1h');
      expect(hourly.series[0]!.points).toEqual([[hour, 100]]);
      const byMinute = await query(MINUTE, 'avg');
      expect(byMinute.resolution).toBe('1m');
      expect(byMinute.series[0]!.points).toEqual(minutes);
    }
  });
});
