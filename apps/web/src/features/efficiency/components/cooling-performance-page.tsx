import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { CoolingPerformance } from '@brezza/contract';
import { PlanGate } from '@/components/plan/plan-gate';
import { planRefusal } from '@/components/plan/plan-refusal';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { DemoDataBadge } from '@/components/demo-data-badge';
import { useApiClient } from '@/lib/api-client';
import { coolingPerformanceQueryOptions } from '../api/get-cooling-performance';
import { formatKelvin, formatKw, formatKwh, formatPercent, formatRatio } from '../utils/format';
import { isPeriodId, periodLabel, type PeriodId } from '../utils/period';
import { FigureGrid, PeriodPicker, Section } from './common';
import { LineChart, linesOf } from './line-chart';

const signed = (value: number | null) => {
  if (value === null) return '—';
  const shown = Math.abs(value).toFixed(1);
  return shown === '0.0' ? '0.0 %' : `${value > 0 ? '+' : '−'}${shown} %`;
};

function Verdict({ performance }: { performance: CoolingPerformance }) {
  const { thresholdPercent, sustainedSeconds } = performance;
  if (performance.flaggedNow) {
    return (
      <Alert tone="error">
        The reported cooling power disagrees with the water-side heat by more than{' '}
        {thresholdPercent} % right now, for over {sustainedSeconds} s: check the water temperature
        sensors for drift and the exchanger for fouling.
      </Alert>
    );
  }
  if (performance.flagged) {
    return (
      <Alert tone="info">
        {performance.episodes.length} disagreement(s) beyond {thresholdPercent} % lasted over{' '}
        {sustainedSeconds} s in this period (shaded on the chart); none is going on now.
      </Alert>
    );
  }
  return (
    <Alert tone="success">
      The unit&apos;s reported cooling agrees with its water-side heat within {thresholdPercent} %.
    </Alert>
  );
}

/** /efficiency/pcdu/{id}: a pCDU's reported cooling checked against its own physics. */
export function CoolingPerformancePage({ id }: { id: number }) {
  const request = useApiClient();
  const [search, setSearch] = useSearchParams();
  const raw = search.get('period');
  const period: PeriodId = isPeriodId(raw) ? raw : '24h';
  const query = useQuery(coolingPerformanceQueryOptions(request, id, period));
  const refused = planRefusal(query.error);
  const data = query.data;
  const times = data?.series.map((p) => p.t) ?? [];
  const bands =
    data?.episodes.map((e) => ({ fromMs: Date.parse(e.from), toMs: Date.parse(e.to) })) ?? [];

  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <p className="text-sm text-slate-500">
        <Link to={paths.equipmentUnit(id)} className="hover:text-brand-700">
          {data?.name ?? 'pCDU'}
        </Link>{' '}
        ›{' '}
        <Link to={paths.efficiency} className="hover:text-brand-700">
          Efficiency
        </Link>
      </p>
      <div className="mt-1 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
            Cooling performance · {periodLabel(period)}
          </p>
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold text-ink">
            {data?.name ?? 'Cooling performance'}
            <DemoDataBadge />
          </h1>
        </div>
        {!refused && (
          <PeriodPicker
            value={period}
            periods={['1h', '24h', '7d']}
            onChange={(next) => setSearch({ period: next }, { replace: true })}
          />
        )}
      </div>
      <div className="mt-5 space-y-4">
        {refused ? (
          <PlanGate feature={refused} />
        ) : query.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : query.isError || !data ? (
          <Alert tone="error">{query.error?.message ?? 'Could not load the figures.'}</Alert>
        ) : (
          <>
            <div data-testid="cooling-verdict">
              <Verdict performance={data} />
            </div>
            <FigureGrid
              className="lg:grid-cols-4"
              figures={[
                {
                  testId: 'figure-heat-computed',
                  label: 'Heat removed (water side)',
                  value: formatKw(data.heatRemovedKw),
                  detail: `${formatKwh(data.heatRemovedKwh)} · flow × 4.18 × ΔT`,
                },
                {
                  label: 'Reported cooling power',
                  value: formatKw(data.reportedCoolingKw),
                  detail: "the unit's cooling_power",
                },
                {
                  testId: 'figure-disagreement',
                  label: 'Disagreement',
                  value: signed(data.disagreementPercent),
                  tone: data.flaggedNow ? 'warning' : 'plain',
                  detail: `flagged beyond ±${data.thresholdPercent} % for ${data.sustainedSeconds} s`,
                },
                {
                  label: 'Approach temperature',
                  value: formatKelvin(data.approachK),
                  detail: 'loop supply − water inlet',
                },
                {
                  label: 'Valve / demand',
                  value: `${formatPercent(data.valvePercent, 0)} / ${formatPercent(data.demandValvePercent, 0)}`,
                  detail: `full-open flow ${data.fullOpenFlowLpm === null ? '—' : `${data.fullOpenFlowLpm.toFixed(0)} L/min`}`,
                },
                {
                  label: 'Electrical draw',
                  value: formatKw(data.electricalKw),
                  detail: 'pump and controls',
                },
                {
                  label: 'Cooling overhead ratio',
                  value: formatRatio(data.coolingOverheadRatio),
                  detail: '(heat + draw) / heat',
                },
                {
                  label: 'Cooling capacity',
                  value: formatKw(data.coolingCapacityKw),
                  detail: `at the ΔT setpoint of ${data.deltaTSetpointK === null ? '—' : `${data.deltaTSetpointK} K`}`,
                },
              ]}
            />
            <Section
              title="Computed against reported"
              description="Heat from the water's flow and temperatures, and what the unit says it removes. Red: a disagreement that lasted."
            >
              <LineChart
                title="Heat removed"
                unit="kW"
                times={times}
                bands={bands}
                series={linesOf(data.series, [
                  { label: 'Water side (computed)', color: '#0284c7', field: 'heatRemovedKw' },
                  { label: 'Reported', color: '#f59e0b', field: 'reportedCoolingKw', dashed: true },
                ])}
              />
            </Section>
            <div className="grid gap-4 lg:grid-cols-2">
              <Section title="Disagreement" description="(reported − computed) / computed.">
                <LineChart
                  title="Disagreement"
                  unit="%"
                  times={times}
                  bands={bands}
                  fromZero={false}
                  height={180}
                  guides={[
                    { value: data.thresholdPercent, label: `+${data.thresholdPercent} %` },
                    { value: -data.thresholdPercent, label: `−${data.thresholdPercent} %` },
                  ]}
                  series={linesOf(data.series, [
                    { label: 'Disagreement', color: '#dc2626', field: 'disagreementPercent' },
                  ])}
                />
              </Section>
              <Section
                title="Valve and approach"
                description="Valve position against the opening the flow setpoint needs."
              >
                <LineChart
                  title="Valve"
                  unit="%"
                  times={times}
                  height={180}
                  series={linesOf(data.series, [
                    { label: 'Valve position', color: '#0f766e', field: 'valvePercent' },
                    {
                      label: 'Demand',
                      color: '#64748b',
                      field: 'demandValvePercent',
                      dashed: true,
                    },
                  ])}
                />
                <div className="mt-4">
                  <LineChart
                    title="Approach temperature"
                    unit="K"
                    times={times}
                    height={140}
                    fromZero={false}
                    minSpan={2}
                    series={linesOf(data.series, [
                      { label: 'Approach', color: '#7c3aed', field: 'approachK' },
                    ])}
                  />
                </div>
              </Section>
            </div>
          </>
        )}
      </div>
    </main>
  );
}
