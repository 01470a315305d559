import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Forecast } from '@brezza/contract';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { planRefusal } from '@/components/plan/plan-refusal';
import { useApiClient } from '@/lib/api-client';
import { forecastsQueryOptions } from '../api/get-insights';
import { deviceChartPath, metricLabel } from '../utils/format';
import { ForecastChart } from './forecast-chart';
import { InsightHeading } from './insight-heading';

const SHOWN = 4;

function value(v: number, unit: string) {
  return `${v.toFixed(Math.abs(v) >= 100 ? 0 : 1)}${unit ? ` ${unit}` : ''}`;
}

function ForecastItem({ forecast }: { forecast: Forecast }) {
  return (
    <li className="px-4 py-3">
      <p className="text-sm font-medium text-ink">{forecast.summary}</p>
      <p className="mt-0.5 text-xs text-slate-500">
        <Link
          className="text-brand-700 hover:underline"
          to={deviceChartPath(forecast.deviceType, forecast.deviceId)}
        >
          {metricLabel(forecast.metric, forecast.labels)}
        </Link>{' '}
        now {value(forecast.currentValue, forecast.unit)} · trend{' '}
        {forecast.slopePerDay >= 0 ? '+' : ''}
        {value(forecast.slopePerDay, forecast.unit)}/day · threshold{' '}
        {value(forecast.threshold, forecast.unit)} ({forecast.thresholdSource})
      </p>
      <ForecastChart forecast={forecast} />
    </li>
  );
}

/**
 * Time to threshold (issue 15): temperatures, flows and cooling capacity projected from the last
 * week's trend, soonest first, each with its 90 % band on a chart.
 */
export function ForecastsPanel({ scope, demo }: { scope: string; demo: boolean }) {
  const request = useApiClient();
  const forecasts = useQuery(forecastsQueryOptions(request, scope));
  // The unusual-now panel beside it shows the plan gate once for both.
  if (planRefusal(forecasts.error)) return null;
  const data = forecasts.data;
  const crossing =
    data?.forecasts.filter((f) => f.etaDays !== null || f.etaEarliestDays !== null) ?? [];
  // With nothing heading for its threshold, the two nearest trends show how far off they are.
  const shown =
    crossing.length > 0 ? crossing.slice(0, SHOWN) : (data?.forecasts ?? []).slice(0, 2);
  return (
    <Card className="overflow-hidden" data-testid="forecasts">
      <InsightHeading
        title="Time to threshold"
        demo={demo}
        detail={
          data
            ? `Trend of the last ${data.fitDays} days, projected up to ${data.horizonDays} days; the shaded band is 90 % likely`
            : 'Forecasts from the trend of the last week'
        }
      />
      {forecasts.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : forecasts.isError ? (
        <p className="px-4 py-5 text-sm text-red-700">{forecasts.error.message}</p>
      ) : shown.length === 0 ? (
        <p className="px-4 py-5 text-sm text-slate-600">
          No forecast yet: a trend needs at least 12 hours of history of a temperature, flow or
          valve with a threshold.
        </p>
      ) : (
        <>
          {crossing.length === 0 && (
            <p className="px-4 pt-3 text-sm text-emerald-700">
              Nothing reaches its threshold within {data!.horizonDays} days at the current trend.
            </p>
          )}
          <ul className="divide-y divide-slate-100">
            {shown.map((f) => (
              <ForecastItem
                key={`${f.deviceId}-${f.metric}-${f.direction}-${JSON.stringify(f.labels)}`}
                forecast={f}
              />
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
