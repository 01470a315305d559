import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { useApiClient } from '@/lib/api-client';
import { queryMetrics } from '../api/query-metrics';
import { observabilityKeys } from '../api/request';
import { queryBody, type SeriesQuery } from '../utils/charts';
import type { Scope } from '../utils/hierarchy';
import { scopePath } from '../utils/scope-path';
import { resolveRange, type TimeRange } from '../utils/time-range';
import { formatValue } from '../utils/units';
import { topServers, type TopServerRow } from '../utils/top-servers';

/** The last this-many minutes of the window rank the servers: what they draw now. */
const RECENT_MS = 15 * 60_000;
const COLUMNS: {
  key: keyof Omit<TopServerRow, 'id' | 'name'>;
  title: string;
  query: SeriesQuery;
}[] = [
  {
    key: 'powerW',
    title: 'Power',
    query: { label: 'Power', metric: 'power_watts', aggregate: 'sum', groupBy: 'server' },
  },
  {
    key: 'cpuRatio',
    title: 'CPU',
    query: { label: 'CPU', metric: 'cpu_usage_ratio', aggregate: 'avg', groupBy: 'server' },
  },
  {
    key: 'hottestC',
    title: 'Hottest sensor',
    query: { label: 'Hottest', metric: 'temperature_celsius', aggregate: 'max', groupBy: 'server' },
  },
];
const UNITS = { powerW: 'W', cpuRatio: 'ratio', hottestC: '°C' } as const;

/** The scope's servers drawing the most power at the end of the range. */
export function TopServers({
  scope,
  range,
  refreshSeconds,
  search,
}: {
  scope: Scope;
  range: TimeRange;
  refreshSeconds: number;
  search: string;
}) {
  const request = useApiClient();
  const query = useQuery({
    queryKey: observabilityKeys.query({ scope, chart: 'top-servers', range }),
    queryFn: async ({ signal }) => {
      const { toMs } = resolveRange(range, Date.now());
      const window = { fromMs: toMs - RECENT_MS, toMs };
      const answers = await Promise.all(
        COLUMNS.map((column) =>
          queryMetrics(request, queryBody(column.query, scope, window, RECENT_MS / 1000), signal),
        ),
      );
      return topServers(answers[0]!.series, answers[1]!.series, answers[2]!.series, 10);
    },
    refetchInterval: refreshSeconds > 0 ? refreshSeconds * 1000 : false,
  });
  const rows = query.data ?? [];

  return (
    <Card className="overflow-hidden">
      <h3 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-ink">
        Top servers by power
      </h3>
      {rows.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-500">
          {query.isPending ? 'Loading…' : 'No server sent samples at the end of this range.'}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs text-slate-500">
              <tr>
                <th className="px-4 py-2 font-medium">Server</th>
                {COLUMNS.map((column) => (
                  <th key={column.key} className="px-4 py-2 text-right font-medium">
                    {column.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-slate-100">
                  <td className="px-4 py-2">
                    <Link
                      className="font-medium text-brand-700 hover:underline"
                      to={{ pathname: scopePath({ type: 'server', id: row.id }), search }}
                    >
                      {row.name}
                    </Link>
                  </td>
                  {COLUMNS.map((column) => (
                    <td
                      key={column.key}
                      className="px-4 py-2 text-right whitespace-nowrap tabular-nums"
                    >
                      {formatValue(row[column.key], UNITS[column.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
