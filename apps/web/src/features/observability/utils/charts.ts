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

/** One line of a chart: its name, the metric and how the servers' values combine. */
type Line = readonly [label: string, metric: string, aggregate: Aggregate, groupBy?: GroupBy];

/**
 * A chart from its lines. Amounts (power, bytes, load, a share of time) start the y axis at 0;
 * temperatures pass `free` so their axis hugs the values.
 */
function chart(
  id: string,
  title: string,
  help: string,
  lines: readonly Line[],
  axis: 'from zero' | 'free' = 'from zero',
): ChartSpec {
  const queries = lines.map(([label, metric, aggregate, groupBy]) =>
    groupBy ? { label, metric, aggregate, groupBy } : { label, metric, aggregate },
  );
  return { id, title, help, queries, ...(axis === 'from zero' ? { yMin: 0 } : {}) };
}

export function serverCharts(): ChartSpec[] {
  return [
    chart('cpu', 'CPU usage', 'Share of CPU time spent busy.', [['CPU', 'cpu_usage_ratio', 'avg']]),
    chart('memory', 'Memory', 'Installed memory and what is available to new programs.', [
      ['Total', 'memory_total_bytes', 'avg'],
      ['Available', 'memory_available_bytes', 'avg'],
    ]),
    chart('load', 'Load average', 'Runnable and waiting tasks, over 1, 5 and 15 minutes.', [
      ['1 min', 'load1', 'avg'],
      ['5 min', 'load5', 'avg'],
      ['15 min', 'load15', 'avg'],
    ]),
    chart('disk', 'Disk I/O', 'Bytes read and written per second, all disks together.', [
      ['Read', 'disk_read_bytes_per_second', 'sum'],
      ['Written', 'disk_written_bytes_per_second', 'sum'],
    ]),
    chart('network', 'Network', 'Bytes received and sent per second, all interfaces together.', [
      ['Received', 'network_receive_bytes_per_second', 'sum'],
      ['Sent', 'network_transmit_bytes_per_second', 'sum'],
    ]),
    chart(
      'temperature',
      'Temperatures',
      'The hottest sensor and the average of all sensors.',
      [
        ['Hottest', 'temperature_celsius', 'max'],
        ['Average', 'temperature_celsius', 'avg'],
      ],
      'free',
    ),
    chart('power', 'Power', 'Power drawn, all measured domains together.', [
      ['Power', 'power_watts', 'sum'],
    ]),
  ];
}

/** An organisation, datacenter, room or rack: totals, and the level below side by side. */
export function scopeCharts(groupBy: GroupBy): ChartSpec[] {
  const below = { datacenter: 'datacenter', room: 'room', rack: 'rack', server: 'server' }[groupBy];
  return [
    chart('power', 'Power', 'Total power drawn by the servers here.', [
      ['Total', 'power_watts', 'sum'],
    ]),
    chart('power-by-group', `Power by ${below}`, `Power drawn by each ${below}.`, [
      ['Power', 'power_watts', 'sum', groupBy],
    ]),
    chart(
      'temperature',
      'Temperatures',
      'The hottest sensor of any server here, and the average of all sensors.',
      [
        ['Hottest', 'temperature_celsius', 'max'],
        ['Average', 'temperature_celsius', 'avg'],
      ],
      'free',
    ),
    chart('cpu', 'CPU usage', 'Average share of CPU time spent busy.', [
      ['Average', 'cpu_usage_ratio', 'avg'],
    ]),
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
