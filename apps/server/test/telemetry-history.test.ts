import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoreParts } from '../src/modules/telemetry/plugin.js';
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
});
