import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/lib/api-client';
import { queryMetrics } from '../api/query-metrics';
import { observabilityKeys } from '../api/request';
import { queryBody, seriesLabel, type ChartSpec } from '../utils/charts';
import type { Scope } from '../utils/hierarchy';
import type { ChartSeries } from '../utils/series';
import { resolveRange, stepFor, type TimeRange } from '../utils/time-range';

export interface ChartData {
  window: { fromMs: number; toMs: number };
  stepSeconds: number;
  unit: string;
  series: ChartSeries[];
}

/**
 * A chart's lines over the page's range. A preset's window is taken when the data is fetched,
 * so that each refresh (auto-refresh, a live sample) reads up to that moment.
 */
export function useChartData(
  chart: ChartSpec,
  scope: Scope,
  range: TimeRange,
  refreshSeconds: number,
) {
  const request = useApiClient();
  return useQuery({
    queryKey: observabilityKeys.query({ scope, chart: chart.id, range }),
    queryFn: async ({ signal }): Promise<ChartData> => {
      const window = resolveRange(range, Date.now());
      const stepSeconds = stepFor(window.toMs - window.fromMs);
      const answers = await Promise.all(
        chart.queries.map((query) =>
          queryMetrics(request, queryBody(query, scope, window, stepSeconds), signal),
        ),
      );
      const series = answers.flatMap((answer, i) =>
        answer.series.map((one) => ({
          label: seriesLabel(chart.queries[i]!, one),
          points: one.points,
        })),
      );
      return { window, stepSeconds, unit: answers[0]?.unit ?? '', series };
    },
    placeholderData: keepPreviousData,
    refetchInterval: refreshSeconds > 0 ? refreshSeconds * 1000 : false,
  });
}
