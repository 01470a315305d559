import { useMemo } from 'react';
import { Card } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useChartData } from '../hooks/use-chart-data';
import type { ChartSpec } from '../utils/charts';
import { chartCsv, csvFileName } from '../utils/csv';
import type { Scope } from '../utils/hierarchy';
import { alignSeries, latestValue } from '../utils/series';
import { fixedRange, type TimeRange } from '../utils/time-range';
import { formatValue } from '../utils/units';
import { UPlotChart } from './uplot-chart';

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download; the object URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface MetricChartProps {
  chart: ChartSpec;
  scope: Scope;
  range: TimeRange;
  refreshSeconds: number;
  onRangeChange: (range: TimeRange) => void;
}

/** One chart card: title, newest value, the plot, and 'CSV' for exactly what it shows. */
export function MetricChart({
  chart,
  scope,
  range,
  refreshSeconds,
  onRangeChange,
}: MetricChartProps) {
  const query = useChartData(chart, scope, range, refreshSeconds);
  const data = query.data;
  const aligned = useMemo(() => alignSeries(data?.series ?? []), [data]);
  const labels = useMemo(() => (data?.series ?? []).map((one) => one.label), [data]);
  const headline = data && data.series.length === 1 ? latestValue(data.series[0]) : null;
  const empty = data !== undefined && data.series.every((one) => one.points.length === 0);

  return (
    <Card className="flex min-w-0 flex-col p-4" aria-label={chart.title} role="figure">
      <div className="mb-2 flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-ink">{chart.title}</h3>
          <p className="text-xs text-slate-500">{chart.help}</p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {headline !== null && data && (
            <span className="text-lg font-semibold text-ink tabular-nums" data-testid="headline">
              {formatValue(headline, data.unit)}
            </span>
          )}
          <Button
            size="sm"
            variant="ghost"
            disabled={!data || empty}
            aria-label={`Download ${chart.title} as CSV`}
            onClick={() => {
              if (!data) return;
              download(
                chartCsv(labels, data.unit, aligned, data.window),
                csvFileName(chart.title, data.window),
              );
            }}
          >
            CSV
          </Button>
        </div>
      </div>
      {query.isError && !data ? (
        <p className="py-16 text-center text-sm text-red-700">{query.error.message}</p>
      ) : !data ? (
        <div className="flex h-[220px] items-center justify-center">
          <Spinner />
        </div>
      ) : empty ? (
        <p className="flex h-[220px] items-center justify-center text-center text-sm text-slate-500">
          No samples in this time range.
        </p>
      ) : (
        <div
          data-testid="chart"
          data-points={aligned.times.length}
          data-first={aligned.times[0]}
          data-last={aligned.times.at(-1)}
        >
          <UPlotChart
            labels={labels}
            unit={data.unit}
            data={aligned}
            window={data.window}
            yMin={chart.yMin}
            height={220}
            onZoom={(fromMs, toMs) => {
              const next = fixedRange(fromMs, toMs);
              if (next) onRangeChange(next);
            }}
          />
        </div>
      )}
    </Card>
  );
}
