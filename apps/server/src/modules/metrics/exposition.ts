import type { AgentSample } from '@brezza/contract';

/** The labels every series of a server carries (DESIGN §5). */
export interface HierarchyLabels {
  organisation: string;
  datacenter: string;
  room: string;
  rack: string;
  server: string;
  machine_id: string;
}

export interface ServerMetrics {
  labels: HierarchyLabels;
  hostName: string | null;
  agentVersion: string | null;
  lastSeenAt: string | null;
  /** The latest sample, or null when there is none or it is stale. */
  sample: AgentSample | null;
}

type Labels = Record<string, string>;
type Series = [extra: Labels, value: number];

interface Family {
  name: string;
  type: 'gauge' | 'counter';
  help: string;
  series(server: ServerMetrics): Series[];
}

const seconds = (iso: string | null) => (iso ? Date.parse(iso) / 1000 : null);
const one = (value: number | null | undefined): Series[] =>
  value === null || value === undefined || !Number.isFinite(value) ? [] : [[{}, value]];
const fromSample = <T>(pick: (sample: AgentSample) => T | undefined) => {
  return (server: ServerMetrics): T | undefined =>
    server.sample ? pick(server.sample) : undefined;
};

const cpu = fromSample((s) => s.cpu);
const memory = fromSample((s) => s.memory);
const load = fromSample((s) => s.load);
const filesystems = fromSample((s) => s.filesystems);
const disks = fromSample((s) => s.disks);
const network = fromSample((s) => s.network);
const temperatures = fromSample((s) => s.temperatures);
const power = fromSample((s) => s.power);

/** Every metric family, in the order they are written. */
export const FAMILIES: Family[] = [
  {
    name: 'brezza_server_info',
    type: 'gauge',
    help: 'Always 1: a registered server, with its agent version and host name.',
    series: (s) => [[{ agent_version: s.agentVersion ?? '', host_name: s.hostName ?? '' }, 1]],
  },
  {
    name: 'brezza_last_seen_timestamp_seconds',
    type: 'gauge',
    help: 'When the server last reached Brezza (Unix time).',
    series: (s) => one(seconds(s.lastSeenAt)),
  },
  {
    name: 'brezza_sample_timestamp_seconds',
    type: 'gauge',
    help: 'When the latest sample was collected on the server (Unix time).',
    series: (s) => one(s.sample ? seconds(s.sample.collectedAt) : null),
  },
  {
    name: 'brezza_uptime_seconds',
    type: 'gauge',
    help: 'Time since the server booted.',
    series: (s) => one(s.sample?.uptimeSeconds),
  },
  {
    name: 'brezza_cpus',
    type: 'gauge',
    help: 'Logical CPUs.',
    series: (s) => one(cpu(s)?.count),
  },
  {
    name: 'brezza_cpu_usage_ratio',
    type: 'gauge',
    help: 'Share of CPU time not idle over the last interval (0 to 1).',
    series: (s) => one(cpu(s)?.usageRatio),
  },
  ...(['load1', 'load5', 'load15'] as const).map((key): Family => ({
    name: `brezza_${key}`,
    type: 'gauge',
    help: `Load average over ${key.slice(4)} minute(s).`,
    series: (s) => one(load(s)?.[key]),
  })),
  ...(
    [
      ['brezza_memory_total_bytes', 'totalBytes', 'Physical memory.'],
      ['brezza_memory_available_bytes', 'availableBytes', 'Memory available without swapping.'],
      ['brezza_swap_total_bytes', 'swapTotalBytes', 'Swap space.'],
      ['brezza_swap_free_bytes', 'swapFreeBytes', 'Unused swap space.'],
    ] as const
  ).map(([name, key, help]): Family => ({
    name,
    type: 'gauge',
    help,
    series: (s) => one(memory(s)?.[key]),
  })),
  ...(
    [
      ['brezza_filesystem_size_bytes', 'sizeBytes', 'Filesystem size.'],
      [
        'brezza_filesystem_free_bytes',
        'freeBytes',
        'Free space, including space reserved for root.',
      ],
      ['brezza_filesystem_avail_bytes', 'availableBytes', 'Space available to ordinary users.'],
    ] as const
  ).map(([name, key, help]): Family => ({
    name,
    type: 'gauge',
    help,
    series: (s) =>
      (filesystems(s) ?? []).map((fs) => [
        { device: fs.device, mountpoint: fs.mountpoint, fstype: fs.fsType },
        fs[key],
      ]),
  })),
  ...(
    [
      ['brezza_disk_read_bytes_total', 'readBytes', 'Bytes read from the block device.'],
      ['brezza_disk_written_bytes_total', 'writtenBytes', 'Bytes written to the block device.'],
    ] as const
  ).map(([name, key, help]): Family => ({
    name,
    type: 'counter',
    help,
    series: (s) => (disks(s) ?? []).map((disk) => [{ device: disk.device }, disk[key]]),
  })),
  ...(
    [
      ['brezza_network_receive_bytes_total', 'receiveBytes', 'Bytes received.'],
      ['brezza_network_transmit_bytes_total', 'transmitBytes', 'Bytes sent.'],
      ['brezza_network_receive_errors_total', 'receiveErrors', 'Receive errors.'],
      ['brezza_network_transmit_errors_total', 'transmitErrors', 'Transmit errors.'],
    ] as const
  ).map(([name, key, help]): Family => ({
    name,
    type: 'counter',
    help,
    series: (s) => (network(s) ?? []).map((nic) => [{ interface: nic.interface }, nic[key]]),
  })),
  {
    name: 'brezza_temperature_celsius',
    type: 'gauge',
    help: 'Temperature sensors (hwmon chips and thermal zones).',
    series: (s) =>
      (temperatures(s) ?? []).map((t) => [
        { source: t.source, chip: t.chip, sensor: t.sensor },
        t.celsius,
      ]),
  },
  {
    name: 'brezza_power_watts',
    type: 'gauge',
    help: 'Power draw (RAPL domains averaged over the last interval, hwmon power meters).',
    series: (s) =>
      (power(s) ?? []).flatMap((p): Series[] =>
        p.watts === null ? [] : [[{ source: p.source, domain: p.domain }, p.watts]],
      ),
  },
  {
    name: 'brezza_energy_joules_total',
    type: 'counter',
    help: 'Energy counters (RAPL), as the hardware counts them.',
    series: (s) =>
      (power(s) ?? []).flatMap((p): Series[] =>
        p.energyJoules === null ? [] : [[{ source: p.source, domain: p.domain }, p.energyJoules]],
      ),
  },
];

/** A label value in the text format: backslash, double quote and line feed escaped. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** HELP text escapes backslash and line feed only. */
const escapeHelp = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

function formatLabels(labels: Labels): string {
  const parts = Object.entries(labels).map(([key, value]) => `${key}="${escapeLabelValue(value)}"`);
  return `{${parts.join(',')}}`;
}

/**
 * The Prometheus text format (version 0.0.4) for these servers: each family's HELP and TYPE
 * once, then all its series, as the format requires. Two servers with the same labels (the same
 * machine registered twice under one name) would collide: only the first is written.
 */
export function renderExposition(servers: ServerMetrics[]): string {
  const lines: string[] = [];
  for (const family of FAMILIES) {
    const body: string[] = [];
    // A repeated label set would make Prometheus drop the scrape's duplicates: keep the first.
    const seen = new Set<string>();
    for (const server of servers) {
      for (const [extra, value] of family.series(server)) {
        const labels = formatLabels({ ...server.labels, ...extra });
        if (seen.has(labels)) continue;
        seen.add(labels);
        body.push(`${family.name}${labels} ${formatValue(value)}`);
      }
    }
    if (body.length === 0) continue;
    lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`);
    lines.push(`# TYPE ${family.name} ${family.type}`);
    lines.push(...body);
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
