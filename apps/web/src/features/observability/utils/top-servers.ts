import type { MetricSeries } from '@brezza/contract';

export interface TopServerRow {
  id: number;
  name: string;
  powerW: number | null;
  cpuRatio: number | null;
  hottestC: number | null;
}

const lastValue = (series: MetricSeries | undefined) => series?.points.at(-1)?.[1] ?? null;

/**
 * The `limit` servers drawing the most power, with their CPU usage and hottest sensor, from
 * queries grouped by server (labels `server` and `serverName`). Pure.
 */
export function topServers(
  power: readonly MetricSeries[],
  cpu: readonly MetricSeries[],
  hottest: readonly MetricSeries[],
  limit: number,
): TopServerRow[] {
  const byServer = (list: readonly MetricSeries[]) =>
    new Map(list.map((series) => [series.labels.server, series]));
  const cpuOf = byServer(cpu);
  const hottestOf = byServer(hottest);
  return power
    .filter((series) => series.labels.server !== undefined && series.labels.server !== '0')
    .map((series) => {
      const key = series.labels.server!;
      return {
        id: Number(key),
        name: series.labels.serverName ?? `Server ${key}`,
        powerW: lastValue(series),
        cpuRatio: lastValue(cpuOf.get(key)),
        hottestC: lastValue(hottestOf.get(key)),
      };
    })
    .filter((row) => row.powerW !== null)
    .sort((a, b) => b.powerW! - a.powerW! || a.name.localeCompare(b.name))
    .slice(0, limit);
}
