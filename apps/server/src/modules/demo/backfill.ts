import type { AgentSample } from '@brezza/contract';
import type { MetricSample, MetricsStore } from '../telemetry/store/types.js';
import { demoSample, type DemoServer } from './telemetry-model.js';

/** A demo server as the store knows it. */
export interface DemoDevice {
  organisationId: number;
  deviceId: number;
  server: DemoServer;
}

/**
 * One demo reading as stored samples, the way the server stores an agent's sample (the
 * contract's SERVER_METRICS): gauges as they are, byte and error counters as the average rate
 * since the previous reading.
 */
export function metricSamples(
  device: DemoDevice,
  previous: AgentSample,
  current: AgentSample,
): MetricSample[] {
  const { organisationId, deviceId } = device;
  const timestampMs = Date.parse(current.collectedAt);
  const seconds = (timestampMs - Date.parse(previous.collectedAt)) / 1000;
  const out: MetricSample[] = [];
  const add = (metric: string, value: number, labels?: Record<string, string>) =>
    out.push({
      organisationId,
      deviceId,
      metric,
      timestampMs,
      value,
      ...(labels ? { labels } : {}),
    });
  // A counter that went down was reset by a reboot: its rate is unknown for this interval.
  const rate = (now: number, before: number) => (now >= before ? (now - before) / seconds : null);
  const addRate = (metric: string, now: number, before: number, labels: Record<string, string>) => {
    const value = rate(now, before);
    if (value !== null) add(metric, value, labels);
  };

  add('uptime_seconds', current.uptimeSeconds!);
  add('cpu_count', current.cpu!.count);
  add('cpu_usage_ratio', current.cpu!.usageRatio);
  const memory = current.memory!;
  add('memory_total_bytes', memory.totalBytes);
  add('memory_available_bytes', memory.availableBytes);
  add('swap_total_bytes', memory.swapTotalBytes);
  add('swap_free_bytes', memory.swapFreeBytes);
  add('load1', current.load!.load1);
  add('load5', current.load!.load5);
  add('load15', current.load!.load15);
  for (const fs of current.filesystems!) {
    const labels = { mountpoint: fs.mountpoint };
    add('filesystem_size_bytes', fs.sizeBytes, labels);
    add('filesystem_free_bytes', fs.freeBytes, labels);
    add('filesystem_available_bytes', fs.availableBytes, labels);
  }
  current.disks!.forEach((disk, i) => {
    const before = previous.disks![i]!;
    const labels = { device: disk.device };
    addRate('disk_read_bytes_per_second', disk.readBytes, before.readBytes, labels);
    addRate('disk_written_bytes_per_second', disk.writtenBytes, before.writtenBytes, labels);
  });
  current.network!.forEach((nic, i) => {
    const before = previous.network![i]!;
    const labels = { interface: nic.interface };
    addRate('network_receive_bytes_per_second', nic.receiveBytes, before.receiveBytes, labels);
    addRate('network_transmit_bytes_per_second', nic.transmitBytes, before.transmitBytes, labels);
    addRate('network_receive_errors_per_second', nic.receiveErrors, before.receiveErrors, labels);
    addRate(
      'network_transmit_errors_per_second',
      nic.transmitErrors,
      before.transmitErrors,
      labels,
    );
  });
  for (const sensor of current.temperatures!) {
    add('temperature_celsius', sensor.celsius, { chip: sensor.chip, sensor: sensor.sensor });
  }
  for (const domain of current.power!) {
    if (domain.watts !== null) {
      add('power_watts', domain.watts, { source: domain.source, domain: domain.domain });
    }
  }
  return out;
}

export interface BackfillPlan {
  /** The history starts this long before `untilMs`. */
  spanMs: number;
  untilMs: number;
  /** One reading per device every this long; finer for the most recent `fineSpanMs`. */
  coarseStepMs: number;
  fineStepMs: number;
  fineSpanMs: number;
}

/** The reading times of a plan, oldest first, on round multiples of their step. */
export function backfillTimes(plan: BackfillPlan): number[] {
  const times: number[] = [];
  const fineFrom = plan.untilMs - plan.fineSpanMs;
  const first = Math.ceil((plan.untilMs - plan.spanMs) / plan.coarseStepMs) * plan.coarseStepMs;
  for (let t = first; t < fineFrom; t += plan.coarseStepMs) times.push(t);
  for (
    let t = Math.ceil(fineFrom / plan.fineStepMs) * plan.fineStepMs;
    t < plan.untilMs;
    t += plan.fineStepMs
  ) {
    times.push(t);
  }
  return times;
}

/** Samples per write: large enough to amortise a transaction, small enough to keep the loop free. */
const BATCH_SAMPLES = 20_000;

/**
 * Writes the demo devices' history through the store's write interface, time-ordered, in
 * batches. Resolves with how many samples the store accepted.
 */
export async function backfill(
  store: Pick<MetricsStore, 'write'>,
  devices: readonly DemoDevice[],
  plan: BackfillPlan,
): Promise<{ written: number; accepted: number }> {
  const times = backfillTimes(plan);
  let batch: MetricSample[] = [];
  let written = 0;
  let accepted = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    written += batch.length;
    accepted += (await store.write(batch)).accepted;
    batch = [];
  };
  const previous = new Map<number, AgentSample>();
  for (const device of devices) {
    const first = times[0]!;
    previous.set(device.deviceId, demoSample(device.server, first - plan.coarseStepMs));
  }
  for (const t of times) {
    for (const device of devices) {
      const current = demoSample(device.server, t);
      batch.push(...metricSamples(device, previous.get(device.deviceId)!, current));
      previous.set(device.deviceId, current);
    }
    if (batch.length >= BATCH_SAMPLES) await flush();
  }
  await flush();
  return { written, accepted };
}
