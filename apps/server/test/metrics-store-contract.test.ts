import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoreParts } from '../src/modules/telemetry/plugin.js';
import type { MetricSample, MetricsStore } from '../src/modules/telemetry/store/types.js';
import type { SampleWriter } from '../src/modules/agent/sample-writer.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator } from './helpers/auth.js';
import { buildServer } from './helpers/hierarchy.js';
import {
  missingBinary,
  startPrometheus,
  startVictoriaMetrics,
  type RemoteBackend,
} from './helpers/metrics-backends.js';

/**
 * The store contract: one suite, every backend. Embedded on the test database (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL); VictoriaMetrics and Prometheus started here when their
 * binaries are installed (in the SQLite pass: they do not depend on the database).
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const HOUR = 3_600_000;
const STEP = 15_000;

interface Harness {
  store: MetricsStore;
  settle(): Promise<void>;
  close(): Promise<void>;
}

type Backend = { name: string; skip: string | null; open(t: TestApp): Promise<Harness> };

async function embedded(t: TestApp): Promise<Harness> {
  const parts = await createStoreParts({
    database: t.app.database,
    metrics: t.config.metrics,
    onListsChanged: () => {},
    onServersChanged: async () => {},
  });
  return harness(parts.backend, parts.writer, async () => {});
}

function harness(
  store: MetricsStore,
  writer: SampleWriter,
  stop: () => Promise<void>,
  settle = async () => {},
): Harness {
  return {
    store,
    settle,
    async close() {
      await writer.close();
      await stop();
    },
  };
}

const remote = (start: () => Promise<RemoteBackend>) => async (t: TestApp) => {
  const backend = await start();
  const parts = await createStoreParts({
    database: t.app.database,
    metrics: {
      ...t.config.metrics,
      remote: { writeUrl: backend.writeUrl, queryUrl: backend.queryUrl, tenantId: undefined },
    },
    onListsChanged: () => {},
    onServersChanged: async () => {},
    onRefused: (error) => {
      throw error;
    },
  });
  return harness(
    parts.backend,
    parts.writer,
    () => backend.stop(),
    () => backend.settle(),
  );
};

const remoteSkip = (binary: string) =>
  onPostgres
    ? 'runs in the SQLite pass only (it does not use the database)'
    : missingBinary(binary);

const BACKENDS: Backend[] = [
  { name: onPostgres ? 'embedded PostgreSQL' : 'embedded SQLite', skip: null, open: embedded },
  {
    name: 'VictoriaMetrics',
    skip: remoteSkip('victoria-metrics'),
    open: remote(startVictoriaMetrics),
  },
  { name: 'Prometheus', skip: remoteSkip('prometheus'), open: remote(startPrometheus) },
];

for (const backend of BACKENDS) {
  if (backend.skip) {
    describe(`metrics store contract: ${backend.name}`, () => {
      it.skip(`skipped: ${backend.skip}`, () => {});
    });
    continue;
  }

  describe(`metrics store contract: ${backend.name}`, () => {
    let t: TestApp;
    let h: Harness;
    let org: number;
    let otherOrg: number;
    let devices: number[];
    let otherDevice: number;
    // Three hours of samples ending a minute ago, off the minute by 7.5 s: a sample is never on
    // a step's edge (Prometheus' windows are open on the left, ours on the right).
    const now = Date.now();
    const end = Math.floor((now - 60_000) / 60_000) * 60_000 + 7_500;
    const start = end - 3 * HOUR;
    const times: number[] = [];
    for (let time = start; time <= end; time += STEP) times.push(time);
    const valueAt = (device: number, sensor: string, time: number) =>
      Math.round((20 + device + (sensor === 'b' ? 5 : 0) + Math.sin(time / 600_000) * 3) * 100) /
      100;

    const samplesOf = (device: number, sensor: string, from = start, to = end): MetricSample[] =>
      times
        .filter((time) => time >= from && time <= to)
        .map((time) => ({
          organisationId: org,
          deviceId: device,
          metric: 'contract_temperature_celsius',
          labels: { sensor },
          timestampMs: time,
          value: valueAt(device, sensor, time),
        }));

    /** What a step of `stepMs` reduces to, from the samples themselves. */
    function expected(
      device: number,
      sensor: string,
      stepMs: number,
      fromMs: number,
      toMs: number,
      fn: 'avg' | 'min' | 'max',
    ) {
      const steps = new Map<number, number[]>();
      const first = Math.floor(fromMs / stepMs) * stepMs;
      for (const time of times) {
        if (time < first || time >= toMs) continue;
        const step = Math.floor(time / stepMs) * stepMs;
        steps.set(step, [...(steps.get(step) ?? []), valueAt(device, sensor, time)]);
      }
      return [...steps.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([step, values]) => [
          step,
          fn === 'min'
            ? Math.min(...values)
            : fn === 'max'
              ? Math.max(...values)
              : values.reduce((a, b) => a + b, 0) / values.length,
        ]);
    }

    const close = (actual: number[][], wanted: number[][]) => {
      expect(actual.map(([time]) => time)).toEqual(wanted.map(([time]) => time));
      actual.forEach(([, value], i) => expect(value).toBeCloseTo(wanted[i]![1]!, 6));
    };

    beforeAll(async () => {
      t = await buildTestApp();
      org = (await createOperator(t)).organisationId;
      otherOrg = (await createOperator(t)).organisationId;
      devices = [await buildServer(t, org), await buildServer(t, org)];
      otherDevice = await buildServer(t, otherOrg);
      h = await backend.open(t);
      // The last hour first, then the two before it: a late batch, as after an outage.
      const lastHour = end - HOUR + STEP;
      const recent = devices.flatMap((d) => [
        ...samplesOf(d, 'a', lastHour),
        ...samplesOf(d, 'b', lastHour),
      ]);
      const early = devices.flatMap((d) => [
        ...samplesOf(d, 'a', start, lastHour - 1),
        ...samplesOf(d, 'b', start, lastHour - 1),
      ]);
      expect((await h.store.write(recent)).accepted).toBe(recent.length);
      expect((await h.store.write(early)).accepted).toBe(early.length);
      // A replayed batch (the agent did not get the answer) is stored once.
      expect((await h.store.write(recent.slice(0, 50))).accepted).toBe(50);
      await h.store.write([
        {
          organisationId: otherOrg,
          deviceId: otherDevice,
          metric: 'contract_other_watts',
          timestampMs: end,
          value: 1,
        },
      ]);
      await h.settle();
    }, 60_000);

    afterAll(async () => {
      await h?.close();
      await t?.close();
    });

    it('answers every stored sample at a step finer than the samples', async () => {
      const [device] = devices;
      const from = end - 20 * 60_000;
      const result = await h.store.queryRange({
        organisationId: org,
        metric: 'contract_temperature_celsius',
        deviceIds: [device!],
        fromMs: from,
        toMs: end + 1,
        stepMs: 5_000,
        aggregate: 'avg',
      });
      const a = result.series.find((s) => s.labels.sensor === 'a')!;
      expect(a.deviceId).toBe(device);
      close(a.points, expected(device!, 'a', 5_000, from, end + 1, 'avg'));
    });

    for (const fn of ['avg', 'min', 'max'] as const) {
      it(`reduces each series per minute and per hour with ${fn}`, async () => {
        for (const stepMs of [60_000, HOUR]) {
          const from = stepMs === HOUR ? start : end - HOUR;
          const result = await h.store.queryRange({
            organisationId: org,
            metric: 'contract_temperature_celsius',
            fromMs: from,
            toMs: end + 1,
            stepMs,
            aggregate: fn,
          });
          expect(result.series).toHaveLength(4);
          for (const device of devices) {
            for (const sensor of ['a', 'b']) {
              const series = result.series.find(
                (s) => s.deviceId === device && s.labels.sensor === sensor,
              )!;
              close(series.points, expected(device, sensor, stepMs, from, end + 1, fn));
            }
          }
        }
      });
    }

    it('reads only the devices asked for, and only the organisation asked for', async () => {
      const query = {
        metric: 'contract_temperature_celsius',
        fromMs: end - HOUR,
        toMs: end + 1,
        stepMs: 60_000,
        aggregate: 'avg' as const,
      };
      const one = await h.store.queryRange({
        ...query,
        organisationId: org,
        deviceIds: [devices[1]!],
      });
      expect(new Set(one.series.map((s) => s.deviceId))).toEqual(new Set([devices[1]]));
      const other = await h.store.queryRange({ ...query, organisationId: otherOrg });
      expect(other.series).toEqual([]);
      expect(await h.store.names(org)).toEqual(['contract_temperature_celsius']);
      expect(await h.store.names(otherOrg)).toEqual(['contract_other_watts']);
    });

    it('answers the newest sample of each series', async () => {
      const latest = await h.store.latest({
        organisationId: org,
        metrics: ['contract_temperature_celsius'],
      });
      expect(latest).toHaveLength(4);
      for (const sample of latest) {
        expect(sample.timestampMs).toBe(end);
        expect(sample.value).toBeCloseTo(valueAt(sample.deviceId, sample.labels.sensor!, end), 6);
      }
      const one = await h.store.latest({ organisationId: org, deviceIds: [devices[0]!] });
      expect(one.map((s) => s.labels.sensor).sort()).toEqual(['a', 'b']);
    });
  });
}
