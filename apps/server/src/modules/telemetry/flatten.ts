import type { AgentSample } from '@brezza/contract';
import type { MetricSample } from './store/types.js';

/**
 * An agent's structured samples flattened into stored samples (the names of SERVER_METRICS in
 * the contract). Pure. Readings are rounded to what the hardware reports meaningfully (a ratio
 * to 0.01 %, watts to 0.01 W, byte rates to a byte per second): short decimals are what the
 * embedded store compresses best, and no chart shows more.
 */

/** Counters more than this apart give no rate: the machine was off or the agent stopped. */
export const MAX_RATE_GAP_MS = 10 * 60_000;

const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};

/** The time a sample is stored at: its collection time, never later than its arrival. */
export const sampleTime = (sample: AgentSample, receivedMs: number) =>
  Math.min(Date.parse(sample.collectedAt), receivedMs);

type Counters = Map<string, number>;

function counters(sample: AgentSample): Counters {
  const found: Counters = new Map();
  for (const disk of sample.disks ?? []) {
    found.set(`disk_read\u0000${disk.device}`, disk.readBytes);
    found.set(`disk_written\u0000${disk.device}`, disk.writtenBytes);
  }
  for (const nic of sample.network ?? []) {
    found.set(`rx\u0000${nic.interface}`, nic.receiveBytes);
    found.set(`tx\u0000${nic.interface}`, nic.transmitBytes);
    found.set(`rx_errors\u0000${nic.interface}`, nic.receiveErrors);
    found.set(`tx_errors\u0000${nic.interface}`, nic.transmitErrors);
  }
  return found;
}

/**
 * @param samples one push, in any order (stored in time order).
 * @param previous the device's newest sample stored before this push (for the first rates).
 */
export function flattenAgentSamples(
  samples: readonly AgentSample[],
  previous: AgentSample | null,
  context: { organisationId: number; deviceId: number; receivedMs: number },
): MetricSample[] {
  const { organisationId, deviceId, receivedMs } = context;
  const ordered = samples
    .map((sample) => ({ sample, t: sampleTime(sample, receivedMs) }))
    .sort((a, b) => a.t - b.t);
  let before =
    previous === null
      ? null
      : { t: sampleTime(previous, receivedMs), counters: counters(previous) };
  const out: MetricSample[] = [];
  for (const { sample, t } of ordered) {
    const push = (
      metric: string,
      value: number | null | undefined,
      labels?: Record<string, string>,
    ) => {
      if (value === null || value === undefined || !Number.isFinite(value)) return;
      out.push({
        organisationId,
        deviceId,
        metric,
        ...(labels ? { labels } : {}),
        timestampMs: t,
        value,
      });
    };
    push(
      'uptime_seconds',
      sample.uptimeSeconds === undefined ? undefined : Math.round(sample.uptimeSeconds),
    );
    if (sample.cpu) {
      push('cpu_count', sample.cpu.count);
      push('cpu_usage_ratio', round(sample.cpu.usageRatio, 4));
    }
    if (sample.memory) {
      push('memory_total_bytes', sample.memory.totalBytes);
      push('memory_available_bytes', sample.memory.availableBytes);
      push('swap_total_bytes', sample.memory.swapTotalBytes);
      push('swap_free_bytes', sample.memory.swapFreeBytes);
    }
    if (sample.load) {
      push('load1', round(sample.load.load1, 2));
      push('load5', round(sample.load.load5, 2));
      push('load15', round(sample.load.load15, 2));
    }
    for (const fs of sample.filesystems ?? []) {
      const labels = { mountpoint: fs.mountpoint };
      push('filesystem_size_bytes', fs.sizeBytes, labels);
      push('filesystem_free_bytes', fs.freeBytes, labels);
      push('filesystem_available_bytes', fs.availableBytes, labels);
    }
    for (const temperature of sample.temperatures ?? []) {
      push('temperature_celsius', round(temperature.celsius, 3), {
        chip: temperature.chip,
        sensor: temperature.sensor,
      });
    }
    for (const power of sample.power ?? []) {
      push('power_watts', power.watts === null ? null : round(power.watts, 2), {
        source: power.source,
        domain: power.domain,
      });
    }
    const now = counters(sample);
    const seconds = before ? (t - before.t) / 1000 : 0;
    if (before && seconds > 0 && seconds * 1000 <= MAX_RATE_GAP_MS) {
      const rate = (key: string, decimals: number) => {
        const a = before!.counters.get(key);
        const b = now.get(key);
        // A counter that went down was reset (a reboot, a driver reload): no rate this time.
        if (a === undefined || b === undefined || b < a) return null;
        return round((b - a) / seconds, decimals);
      };
      for (const disk of sample.disks ?? []) {
        const labels = { device: disk.device };
        push('disk_read_bytes_per_second', rate(`disk_read\u0000${disk.device}`, 0), labels);
        push('disk_written_bytes_per_second', rate(`disk_written\u0000${disk.device}`, 0), labels);
      }
      for (const nic of sample.network ?? []) {
        const labels = { interface: nic.interface };
        push('network_receive_bytes_per_second', rate(`rx\u0000${nic.interface}`, 0), labels);
        push('network_transmit_bytes_per_second', rate(`tx\u0000${nic.interface}`, 0), labels);
        push(
          'network_receive_errors_per_second',
          rate(`rx_errors\u0000${nic.interface}`, 3),
          labels,
        );
        push(
          'network_transmit_errors_per_second',
          rate(`tx_errors\u0000${nic.interface}`, 3),
          labels,
        );
      }
    }
    before = { t, counters: now };
  }
  return out;
}
