import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { agentSampleSchema } from '@brezza/contract';
import {
  REBOOT_PERIOD_MS,
  bootedAt,
  cpuCelsius,
  demoProfile,
  demoSample,
  demoServer,
  diurnal,
  powerWatts,
  seedOf,
  smoothNoise,
  utilisation,
} from './telemetry-model.js';

const T0 = Date.UTC(2026, 10, 18, 0, 0, 0); // a Wednesday
const HOUR = 3_600_000;
const time = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2032, 0, 1) });

describe('demo telemetry model', () => {
  it('gives each server the role its name says', () => {
    expect(demoProfile('mil-web-03').role).toBe('web');
    expect(demoProfile('mil-gpu-01').role).toBe('gpu');
    expect(demoProfile('fra-stor-02').role).toBe('stor');
    expect(demoProfile('lab-bench-01').role).toBe('lab');
    expect(demoProfile('staging-01').role).toBe('general');
  });

  it('is deterministic: the same name and time give the same sample', () => {
    const a = demoSample(demoServer('mil-db-01'), T0 + 1234);
    const b = demoSample(demoServer('mil-db-01'), T0 + 1234);
    expect(a).toEqual(b);
  });

  it('peaks at the role’s peak hour and bottoms out twelve hours away', () => {
    expect(diurnal(T0 + 14 * HOUR, 14)).toBeCloseTo(1, 9);
    expect(diurnal(T0 + 2 * HOUR, 14)).toBeCloseTo(0, 9);
    const web = demoServer('mil-web-01');
    const average = (hour: number) => {
      let sum = 0;
      for (let day = 0; day < 3; day++) sum += utilisation(web, T0 + day * 24 * HOUR + hour * HOUR);
      return sum / 3;
    };
    expect(average(14)).toBeGreaterThan(average(2) + 0.3);
  });

  it('keeps noise within ±1 and changes it smoothly', () => {
    fc.assert(
      fc.property(time, (t) => {
        const n = smoothNoise(seedOf('x'), t);
        expect(Math.abs(n)).toBeLessThanOrEqual(1);
        expect(Math.abs(smoothNoise(seedOf('x'), t + 1000) - n)).toBeLessThan(0.05);
      }),
    );
  });

  it('draws power between idle and full load, and runs hotter with more power', () => {
    const server = demoServer('mil-k8s-02');
    const { idleW, maxW } = server.profile;
    fc.assert(
      fc.property(time, (t) => {
        const watts = powerWatts(server, t);
        expect(watts).toBeGreaterThanOrEqual(idleW);
        expect(watts).toBeLessThanOrEqual(maxW);
      }),
    );
    const busy = T0 + 13 * HOUR;
    const quiet = T0 + 1 * HOUR;
    expect(powerWatts(server, busy)).toBeGreaterThan(powerWatts(server, quiet));
    expect(cpuCelsius(server, busy)).toBeGreaterThan(cpuCelsius(server, quiet) + 5);
  });

  it('sends samples the agent contract accepts, with counters that only grow between reboots', () => {
    const server = demoServer('fra-edge-03');
    fc.assert(
      fc.property(time, fc.integer({ min: 1000, max: 3_600_000 }), (t, dt) => {
        const sample = demoSample(server, t);
        expect(agentSampleSchema.safeParse(sample).success).toBe(true);
        if (bootedAt(server, t) !== bootedAt(server, t + dt)) return;
        const later = demoSample(server, t + dt);
        expect(later.network![0]!.receiveBytes).toBeGreaterThanOrEqual(
          sample.network![0]!.receiveBytes,
        );
        expect(later.disks![0]!.writtenBytes).toBeGreaterThanOrEqual(
          sample.disks![0]!.writtenBytes,
        );
        expect(later.uptimeSeconds).toBeGreaterThan(sample.uptimeSeconds!);
      }),
    );
  });

  it('keeps the busiest counters below 2^53 through a whole boot cycle', () => {
    const gpu = demoServer('mil-gpu-01');
    const boot = bootedAt(gpu, T0);
    const lastMoment = demoSample(gpu, boot + REBOOT_PERIOD_MS - 1);
    expect(lastMoment.network![0]!.receiveBytes).toBeLessThan(2 ** 53);
  });
});
