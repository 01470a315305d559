import type { Aggregate, GroupBy, MetricsQueryInput, MetricSeries } from '@brezza/contract';
import type { Scope } from './hierarchy';

/**
 * What each page charts. A chart draws one or more queries of the metrics API; a query with a
 * `groupBy` adds one line per group (server, rack, ...), named after it.
 */
export interface SeriesQuery {
  /** The line's name; for a grouped query, the group's name is used instead. */
  label: string;
  metric: string;
  aggregate: Aggregate;
  groupBy?: GroupBy;
}

export interface ChartSpec {
  id: string;
  title: string;
  /** Shown when the chart has no data, and as the chart's description. */
  help: string;
  queries: SeriesQuery[];
  /** Fixed lower bound of the y axis (0 for amounts); free when absent (temperatures). */
  yMin?: number;
}

export function serverCharts(): ChartSpec[] {
  return [
    {
      id: 'cpu',
      title: 'CPU usage',
      help: 'Share of CPU time spent busy.',
      queries: [{ label: 'CPU', metric: 'cpu_usage_ratio', aggregate: 'avg' }],
      yMin: 0,
    },
    {
      id: 'memory',
      title: 'Memory',
      help: 'Installed memory and what is available to new programs.',
      queries: [
        { label: 'Total', metric: 'memory_total_bytes', aggregate: 'avg' },
        { label: 'Available', metric: 'memory_available_bytes', aggregate: 'avg' },
      ],
      yMin: 0,
    },
    {
      id: 'load',
      title: 'Load average',
      help: 'Runnable and waiting tasks, over 1, 5 and 15 minutes.',
      queries: [
        { label: '1 min', metric: 'load1', aggregate: 'avg' },
        { label: '5 min', metric: 'load5', aggregate: 'avg' },
        { label: '15 min', metric: 'load15', aggregate: 'avg' },
      ],
      yMin: 0,
    },
    {
      id: 'disk',
      title: 'Disk I/O',
      help: 'Bytes read and written per second, all disks together.',
      queries: [
        { label: 'Read', metric: 'disk_read_bytes_per_second', aggregate: 'sum' },
        { label: 'Written', metric: 'disk_written_bytes_per_second', aggregate: 'sum' },
      ],
      yMin: 0,
    },
    {
      id: 'network',
      title: 'Network',
      help: 'Bytes received and sent per second, all interfaces together.',
      queries: [
        { label: 'Received', metric: 'network_receive_bytes_per_second', aggregate: 'sum' },
        { label: 'Sent', metric: 'network_transmit_bytes_per_second', aggregate: 'sum' },
      ],
      yMin: 0,
    },
    {
      id: 'temperature',
      title: 'Temperatures',
      help: 'The hottest sensor and the average of all sensors.',
      queries: [
        { label: 'Hottest', metric: 'temperature_celsius', aggregate: 'max' },
        { label: 'Average', metric: 'temperature_celsius', aggregate: 'avg' },
      ],
    },
    {
      id: 'power',
      title: 'Power',
      help: 'Power drawn, all measured domains together.',
      queries: [{ label: 'Power', metric: 'power_watts', aggregate: 'sum' }],
      yMin: 0,
    },
  ];
}

/** An organisation, datacenter, room or rack: totals, and the level below side by side. */
export function scopeCharts(groupBy: GroupBy): ChartSpec[] {
  const below = { datacenter: 'datacenter', room: 'room', rack: 'rack', server: 'server' }[groupBy];
  return [
    {
      id: 'power',
      title: 'Power',
      help: 'Total power drawn by the servers here.',
      queries: [{ label: 'Total', metric: 'power_watts', aggregate: 'sum' }],
      yMin: 0,
    },
    {
      id: 'power-by-group',
      title: `Power by ${below}`,
      help: `Power drawn by each ${below}.`,
      queries: [{ label: 'Power', metric: 'power_watts', aggregate: 'sum', groupBy }],
      yMin: 0,
    },
    {
      id: 'temperature',
      title: 'Temperatures',
      help: 'The hottest sensor of any server here, and the average of all sensors.',
      queries: [
        { label: 'Hottest', metric: 'temperature_celsius', aggregate: 'max' },
        { label: 'Average', metric: 'temperature_celsius', aggregate: 'avg' },
      ],
    },
    {
      id: 'cpu',
      title: 'CPU usage',
      help: 'Average share of CPU time spent busy.',
      queries: [{ label: 'Average', metric: 'cpu_usage_ratio', aggregate: 'avg' }],
      yMin: 0,
    },
  ];
}

export function queryBody(
  query: SeriesQuery,
  scope: Scope,
  window: { fromMs: number; toMs: number },
  stepSeconds: number,
): MetricsQueryInput {
  return {
    metric: query.metric,
    scope: scope.type === 'organisation' ? { type: 'organisation' } : scope,
    aggregate: query.aggregate,
    ...(query.groupBy ? { groupBy: query.groupBy } : {}),
    from: window.fromMs,
    to: window.toMs,
    stepSeconds,
  };
}

/** A grouped series' name: the group's name from its labels, else its id. */
export function seriesLabel(query: SeriesQuery, series: MetricSeries): string {
  if (!query.groupBy) return query.label;
  const { labels } = series;
  const name = labels[`${query.groupBy}Name`];
  const id = labels[query.groupBy];
  if (id === '0') return `Unassigned`;
  return name ?? `${query.groupBy} ${id ?? '?'}`;
}

/** The metrics a page shows, for the live stream's filter. */
export const chartMetrics = (charts: readonly ChartSpec[]) => [
  ...new Set(charts.flatMap((chart) => chart.queries.map((query) => query.metric))),
];
