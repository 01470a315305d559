import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Efficiency, EfficiencyRanking } from '@brezza/contract';
import { PlanGate } from '@/components/plan/plan-gate';
import { planRefusal } from '@/components/plan/plan-refusal';
import { Alert } from '@/components/ui/alert';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { DemoDataBadge } from '@/components/demo-data-badge';
import { useApiClient } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import {
  efficiencyQueryOptions,
  energyFlowQueryOptions,
  rankingQueryOptions,
} from '../api/get-efficiency';
import { changePercent, formatChange, formatKw, formatPercent, formatRatio } from '../utils/format';
import { isPeriodId, periodLabel, type PeriodId } from '../utils/period';
import { FigureGrid, PeriodPicker, Section } from './common';
import { PeriodComparison, Ranking } from './comparison';
import { FacilityMeterForm } from './facility-meter-form';
import { LineChart, linesOf } from './line-chart';

// d3-sankey comes with the diagram only.
const SankeyDiagram = lazy(async () => ({
  default: (await import('./sankey-diagram')).SankeyDiagram,
}));

const PERIOD_CHOICES = ['24h', '7d', '30d'] as const;

function scopeOptions(ranking: EfficiencyRanking | undefined) {
  const options = [{ value: 'organisation', label: 'All sites' }];
  for (const d of ranking?.datacenters ?? []) {
    options.push({ value: `datacenter:${d.id}`, label: `Datacenter · ${d.name}` });
  }
  for (const r of ranking?.rooms ?? []) {
    const where = r.datacenterName ? ` (${r.datacenterName})` : '';
    options.push({ value: `room:${r.id}`, label: `Room · ${r.name}${where}` });
  }
  return options;
}

function UtilisationBar({ efficiency }: { efficiency: Efficiency }) {
  const { current } = efficiency;
  if (current.coolingCapacityKw === null) {
    return (
      <p className="text-sm text-slate-600">
        No pCDU in this scope reported enough flow and valve readings to estimate its capacity.
      </p>
    );
  }
  const share = Math.min(100, current.utilisationPercent ?? 0);
  const average =
    current.heatRemovedKw === null
      ? 0
      : Math.min(100, (100 * current.heatRemovedKw) / current.coolingCapacityKw);
  return (
    <div data-testid="utilisation">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="text-slate-700">
          Peak {formatKw(current.peakHeatRemovedKw)} of {formatKw(current.coolingCapacityKw)}
        </span>
        <span className="font-semibold text-ink">
          {formatPercent(current.utilisationPercent)} used · {formatKw(current.headroomKw)} headroom
        </span>
      </div>
      <div
        className="relative mt-2 h-4 overflow-hidden rounded-full bg-slate-100"
        role="meter"
        aria-label="Cooling utilisation at peak"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share)}
      >
        <div className="absolute inset-y-0 left-0 bg-sky-300" style={{ width: `${share}%` }} />
        <div className="absolute inset-y-0 left-0 bg-sky-600" style={{ width: `${average}%` }} />
      </div>
      <p className="mt-1.5 text-xs text-slate-500">
        Dark: average heat removed; light: the period&apos;s peak. Capacity is each pCDU&apos;s
        full-open water flow at its ΔT setpoint.
      </p>
    </div>
  );
}

function Figures({ efficiency }: { efficiency: Efficiency }) {
  const { current, previous, pue } = efficiency;
  const change = (key: 'itPowerKw' | 'heatRemovedKw' | 'coolingOverheadRatio') =>
    formatChange(changePercent(current[key], previous[key]));
  return (
    <FigureGrid
      className="lg:grid-cols-3 xl:grid-cols-6"
      figures={[
        {
          testId: 'figure-it-power',
          label: 'IT power (average)',
          value: formatKw(current.itPowerKw),
          detail: change('itPowerKw'),
        },
        {
          testId: 'figure-heat-removed',
          label: 'Heat removed by liquid',
          value: formatKw(current.heatRemovedKw),
          detail: change('heatRemovedKw'),
        },
        {
          label: 'Lost to room air',
          value: formatKw(current.heatToAirKw),
          detail:
            current.liquidSharePercent !== null && current.liquidSharePercent > 100
              ? 'liquid carries more than the metered IT power'
              : `${formatPercent(current.liquidSharePercent, 0)} captured by liquid`,
        },
        {
          testId: 'figure-utilisation',
          label: 'Cooling utilisation (peak)',
          value: formatPercent(current.utilisationPercent),
          detail: `${formatKw(current.headroomKw)} headroom`,
        },
        {
          label: 'Cooling overhead ratio',
          value: formatRatio(current.coolingOverheadRatio),
          detail: `pumps ${formatKw(current.coolingElectricalKw)} · ${change('coolingOverheadRatio')}`,
        },
        {
          label: 'PUE',
          value: pue ? formatRatio(pue.value) : '—',
          detail: pue
            ? pue.source === 'declared'
              ? 'declared figure'
              : `metered: facility ${formatKw(pue.facilityKw)}`
            : efficiency.scope.kind === 'datacenter'
              ? 'no facility meter set'
              : 'per datacenter',
        },
      ]}
    />
  );
}

/** /efficiency: capacity, heat balance, energy flow, period comparison and ranking of a scope. */
export function EfficiencyPage() {
  const request = useApiClient();
  const { can } = useMe();
  const [search, setSearch] = useSearchParams();
  const scope = search.get('scope') ?? 'organisation';
  const rawPeriod = search.get('period');
  const period: PeriodId = isPeriodId(rawPeriod) ? rawPeriod : '7d';
  const set = (changes: Record<string, string>) =>
    setSearch({ scope, period, ...changes }, { replace: true });

  const efficiency = useQuery(efficiencyQueryOptions(request, scope, period));
  const flow = useQuery(energyFlowQueryOptions(request, scope, period));
  const ranking = useQuery(rankingQueryOptions(request, period));

  const refused = planRefusal(efficiency.error) ?? planRefusal(ranking.error);
  const data = efficiency.data;

  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
            Efficiency · {periodLabel(period)}
          </p>
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold text-ink">
            {data?.scope.name ?? 'Efficiency'}
            <DemoDataBadge />
          </h1>
        </div>
        {!refused && (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <SelectField
              label="Scope"
              className="sm:w-72"
              value={scope}
              options={scopeOptions(ranking.data)}
              onChange={(event) => set({ scope: event.target.value })}
            />
            <PeriodPicker
              value={period}
              periods={PERIOD_CHOICES}
              onChange={(next) => set({ period: next })}
            />
          </div>
        )}
      </div>

      <div className="mt-5 space-y-4">
        {refused ? (
          <PlanGate feature={refused} />
        ) : efficiency.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : efficiency.isError || !data ? (
          <Alert tone="error">{efficiency.error?.message ?? 'Could not load the figures.'}</Alert>
        ) : (
          <>
            <Figures efficiency={data} />
            <p className="text-xs text-slate-500">
              IT power from PDU outlets in {data.itPowerSources.pduRacks} rack(s), from the
              servers&apos; own meters in {data.itPowerSources.serverMeteredRacks}
              {data.itPowerSources.unmeteredRacks > 0 &&
                `; ${data.itPowerSources.unmeteredRacks} rack(s) have neither and are not counted`}
              . Heat removed is computed from each pCDU&apos;s water flow and temperatures.
            </p>
            <div className="grid gap-4 lg:grid-cols-3">
              <Section
                title="Heat balance"
                description="IT power against the heat the liquid loops carry to facility water."
                className="lg:col-span-2"
              >
                <LineChart
                  title="Power and heat"
                  unit="kW"
                  times={data.series.map((p) => p.t)}
                  series={linesOf(data.series, [
                    { label: 'IT power', color: '#475569', field: 'itPowerKw' },
                    { label: 'Heat removed by liquid', color: '#0284c7', field: 'heatRemovedKw' },
                    {
                      label: 'pCDU pumps',
                      color: '#7c3aed',
                      field: 'coolingElectricalKw',
                      dashed: true,
                    },
                  ])}
                />
              </Section>
              <Section
                title="Cooling capacity"
                description="How much of the pCDUs' capacity is used."
              >
                <UtilisationBar efficiency={data} />
                {data.pcdus.length > 0 && (
                  <ul className="mt-4 divide-y divide-slate-100 text-sm">
                    {data.pcdus.map((unit) => (
                      <li key={unit.id} className="flex items-center justify-between gap-2 py-2">
                        <Link
                          to={paths.coolingPerformance(unit.id)}
                          className="font-medium text-brand-700 hover:underline"
                        >
                          {unit.name}
                        </Link>
                        <span className="text-slate-600 tabular-nums">
                          {formatKw(unit.heatRemovedKw)} / {formatKw(unit.coolingCapacityKw)}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </Section>
            </div>
            <Section
              title="Energy flow"
              description="Where the period's energy went: IT power → pCDU liquid loop → facility water, and what the room's air had to carry."
            >
              {planRefusal(flow.error) ? (
                <PlanGate feature="energyFlow" />
              ) : flow.isError ? (
                <Alert tone="error">{flow.error.message}</Alert>
              ) : flow.data ? (
                <Suspense fallback={<Spinner />}>
                  <SankeyDiagram flow={flow.data} />
                </Suspense>
              ) : (
                <Spinner />
              )}
            </Section>
            <div className="grid gap-4 lg:grid-cols-2">
              <Section
                title="This period and the previous"
                description={`The last ${periodLabel(period)} against the ${periodLabel(period)} before.`}
              >
                <PeriodComparison current={data.current} previous={data.previous} />
              </Section>
              <Section
                title="Ranking"
                description="Lowest cooling overhead first, then the largest liquid share."
              >
                {ranking.data ? <Ranking ranking={ranking.data} /> : <Spinner />}
              </Section>
            </div>
            {data.scope.kind === 'datacenter' && data.scope.id !== null && (
              <Section
                title="PUE source"
                description="A declared PUE, or a facility meter: a PDU whose total power is the datacenter's input."
              >
                <FacilityMeterForm datacenterId={data.scope.id} canChange={can('admin')} />
              </Section>
            )}
          </>
        )}
      </div>
    </main>
  );
}
