import { describe, expect, it } from 'vitest';
import { SERVER_METRICS } from '@brezza/contract';
import { backfillTimes, metricSamples } from './backfill.js';
import { demoSample, demoServer } from './telemetry-model.js';

const UNTIL = Date.UTC(2026, 10, 23, 12, 0, 30);
const DAY = 86_400_000;

describe('demo backfill', () => {
  it('plans readings every 5 minutes for 7 days and every minute for the last day', () => {
    const times = backfillTimes({
      spanMs: 7 * DAY,
      untilMs: UNTIL,
      coarseStepMs: 300_000,
      fineStepMs: 60_000,
      fineSpanMs: DAY,
    });
    expect(times[0]).toBeGreaterThanOrEqual(UNTIL - 7 * DAY);
    expect(times.at(-1)).toBeLessThan(UNTIL);
    expect(times.length).toBe(6 * 288 + 1440);
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
  });

  it('stores a reading as the contract’s server metrics, counters as rates', () => {
    const server = demoServer('mil-web-02');
    const device = { organisationId: 7, deviceId: 42, server };
    const previous = demoSample(server, UNTIL - 60_000);
    const current = demoSample(server, UNTIL);
    const samples = metricSamples(device, previous, current);
    const known = new Set<string>(SERVER_METRICS.map((metric) => metric.name));
    expect(samples.every((sample) => known.has(sample.metric))).toBe(true);
    expect(samples.every((sample) => sample.timestampMs === UNTIL && sample.deviceId === 42)).toBe(
      true,
    );
    const rx = samples.find((sample) => sample.metric === 'network_receive_bytes_per_second')!;
    expect(rx.value).toBeCloseTo(
      (current.network![0]!.receiveBytes - previous.network![0]!.receiveBytes) / 60,
      6,
    );
    expect(rx.labels).toEqual({ interface: 'eth0' });
    const power = samples.find((sample) => sample.metric === 'power_watts')!;
    expect(power.value).toBe(current.power![0]!.watts);
    expect(samples.filter((sample) => sample.metric === 'temperature_celsius')).toHaveLength(2);
  });
});
