import { describe, expect, it } from 'vitest';
import { flattenAgentSamples } from './flatten.js';

const context = { organisationId: 1, deviceId: 7, receivedMs: Date.parse('2026-01-01T00:01:00Z') };

describe('flattenAgentSamples', () => {
  it('writes one value per metric and label set, rounded, with units in the names', () => {
    const samples = flattenAgentSamples(
      [
        {
          collectedAt: '2026-01-01T00:00:00Z',
          cpu: { count: 4, usageRatio: 0.123456 },
          temperatures: [{ source: 'hwmon', chip: 'coretemp', sensor: 'Core 0', celsius: 51 }],
          power: [{ source: 'rapl', domain: 'package-0', watts: 12.3456, energyJoules: 5 }],
        },
      ],
      null,
      context,
    );
    const byName = Object.fromEntries(samples.map((s) => [s.metric, s]));
    expect(byName.cpu_usage_ratio!.value).toBe(0.1235);
    expect(byName.temperature_celsius!.labels).toEqual({ chip: 'coretemp', sensor: 'Core 0' });
    expect(byName.power_watts).toMatchObject({
      value: 12.35,
      labels: { source: 'rapl', domain: 'package-0' },
    });
    expect(samples.every((s) => s.timestampMs === Date.parse('2026-01-01T00:00:00Z'))).toBe(true);
  });

  it('turns counters into rates from the previous sample, and skips resets and gaps', () => {
    const nic = (bytes: number) => [
      {
        interface: 'eth0',
        receiveBytes: bytes,
        transmitBytes: 0,
        receiveErrors: 0,
        transmitErrors: 0,
      },
    ];
    const previous = { collectedAt: '2026-01-01T00:00:00Z', network: nic(1000) };
    const rates = (samples: Parameters<typeof flattenAgentSamples>[0]) =>
      flattenAgentSamples(samples, previous, context)
        .filter((s) => s.metric === 'network_receive_bytes_per_second')
        .map((s) => s.value);
    expect(rates([{ collectedAt: '2026-01-01T00:00:10Z', network: nic(6000) }])).toEqual([500]);
    // A reboot reset the counter: no rate.
    expect(rates([{ collectedAt: '2026-01-01T00:00:10Z', network: nic(10) }])).toEqual([]);
    // Within one push, each sample's rate is from the one before it.
    expect(
      rates([
        { collectedAt: '2026-01-01T00:00:20Z', network: nic(3000) },
        { collectedAt: '2026-01-01T00:00:10Z', network: nic(2000) },
      ]),
    ).toEqual([100, 100]);
  });

  it('never stores a sample later than its arrival', () => {
    const [sample] = flattenAgentSamples(
      [{ collectedAt: '2030-01-01T00:00:00Z', uptimeSeconds: 5 }],
      null,
      context,
    );
    expect(sample!.timestampMs).toBe(context.receivedMs);
  });
});
