import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DEVICE_TYPE_LABELS, type AnomaliesResponse } from '@brezza/contract';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { PlanGate } from '@/components/plan/plan-gate';
import { planRefusal } from '@/components/plan/plan-refusal';
import { useApiClient } from '@/lib/api-client';
import { anomaliesQueryOptions } from '../api/get-insights';
import { deviceChartPath, formatScore, metricLabel } from '../utils/format';
import { InsightHeading } from './insight-heading';

const LISTED = 8;

function RateBar({ percent }: { percent: number }) {
  return (
    <span className="flex items-center gap-2">
      <span className="h-1.5 w-16 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <span
          className="block h-full rounded-full bg-amber-500"
          style={{ width: `${Math.max(4, Math.min(100, percent))}%` }}
        />
      </span>
      <span className="w-12 text-right tabular-nums">{percent.toFixed(0)} %</span>
    </span>
  );
}

function Learning({ data }: { data: AnomaliesResponse }) {
  if (data.models.trainedAt === null || data.models.modelledSeries === 0)
    return (
      <p className="px-4 py-5 text-sm text-slate-600">
        Learning what is normal here: each metric gets its models once an hour of minute data, or
        six hours of 5-minute history, is stored (trained again every hour on the last 12 hours).
      </p>
    );
  return (
    <p className="px-4 py-5 text-sm text-slate-600">
      Nothing unusual in the last {data.windowMinutes} minutes across {data.models.modelledSeries}{' '}
      modelled series.
    </p>
  );
}

/**
 * "Unusual now" (issue 15): the series every anomaly model finds unusual, ranked by their share
 * of anomalous minutes over the last 15 minutes, each linking to its device's charts.
 */
export function UnusualNowPanel({ scope, demo }: { scope: string; demo: boolean }) {
  const request = useApiClient();
  const anomalies = useQuery(anomaliesQueryOptions(request, scope));
  const refused = planRefusal(anomalies.error);
  if (refused) return <PlanGate feature={refused} />;
  const data = anomalies.data;
  return (
    <Card className="overflow-hidden" data-testid="unusual-now">
      <InsightHeading
        title="Unusual now"
        demo={demo}
        detail={
          data?.models.trainedAt
            ? `Anomaly rate over ${data.windowMinutes} min · models trained ${new Date(data.models.trainedAt).toLocaleTimeString()} on this organisation's history`
            : 'Per-metric anomaly detection on this organisation’s own history'
        }
      />
      {anomalies.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : anomalies.isError ? (
        <p className="px-4 py-5 text-sm text-red-700">{anomalies.error.message}</p>
      ) : data!.metrics.length === 0 ? (
        <Learning data={data!} />
      ) : (
        <ol className="divide-y divide-slate-100">
          {data!.metrics.slice(0, LISTED).map((m) => (
            <li
              key={`${m.deviceId}-${m.metric}-${JSON.stringify(m.labels)}`}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2.5 text-sm"
            >
              <Link
                to={deviceChartPath(m.deviceType, m.deviceId)}
                className="min-w-0 flex-1 hover:underline"
                title="Open the device's charts"
              >
                <span className="block truncate font-medium text-ink">
                  {metricLabel(m.metric, m.labels)}
                </span>
                <span className="block truncate text-xs text-slate-500">
                  {m.deviceName} · {DEVICE_TYPE_LABELS[m.deviceType]}
                  {m.anomalous && <span className="ml-1 font-semibold text-amber-700">· now</span>}
                </span>
              </Link>
              <span className="flex items-center gap-3 text-xs text-slate-600">
                <RateBar percent={m.anomalyRatePercent} />
                <span
                  className="tabular-nums"
                  title="Latest anomaly score (1 = the edge of normal)"
                >
                  score {formatScore(m.score)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
      {data && data.devices.length > 0 && (
        <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">
          Devices:{' '}
          {data.devices.slice(0, 5).map((d, i) => (
            <span key={d.deviceId}>
              {i > 0 && ', '}
              <Link
                className="text-brand-700 hover:underline"
                to={deviceChartPath(d.deviceType, d.deviceId)}
              >
                {d.deviceName}
              </Link>{' '}
              {d.anomalyRatePercent.toFixed(0)} %
            </span>
          ))}
        </p>
      )}
    </Card>
  );
}
