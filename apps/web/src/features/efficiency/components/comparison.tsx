import type { EfficiencyRanking, EfficiencySummary, RankingEntry } from '@brezza/contract';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cx } from '@/components/ui/cx';
import {
  changePercent,
  formatChange,
  formatKw,
  formatKwh,
  formatPercent,
  formatRatio,
} from '../utils/format';

const ROWS: {
  label: string;
  key: keyof EfficiencySummary;
  format: (v: number | null) => string;
  /** Whether a rise is an improvement (green), a worsening (red), or neither. */
  better: 'up' | 'down' | 'neither';
}[] = [
  { label: 'IT energy', key: 'itEnergyKwh', format: formatKwh, better: 'neither' },
  { label: 'Average IT power', key: 'itPowerKw', format: formatKw, better: 'neither' },
  { label: 'Heat removed by liquid', key: 'heatRemovedKwh', format: formatKwh, better: 'neither' },
  {
    label: 'Liquid share of IT heat',
    key: 'liquidSharePercent',
    format: formatPercent,
    better: 'up',
  },
  {
    label: 'Peak cooling utilisation',
    key: 'utilisationPercent',
    format: formatPercent,
    better: 'neither',
  },
  {
    label: 'Cooling overhead ratio',
    key: 'coolingOverheadRatio',
    format: formatRatio,
    better: 'down',
  },
];

/** Energy totals: they grow with the hours read, so compare only over equally read periods. */
const TOTALS: readonly (keyof EfficiencySummary)[] = ['itEnergyKwh', 'heatRemovedKwh'];

/** The hours of readings behind a summary: its IT energy over its average IT power. */
const hoursRead = (summary: EfficiencySummary) =>
  summary.itEnergyKwh !== null && summary.itPowerKw
    ? summary.itEnergyKwh / summary.itPowerKw
    : null;

/** This period against the previous one of equal length. */
export function PeriodComparison({
  current,
  previous,
}: {
  current: EfficiencySummary;
  previous: EfficiencySummary;
}) {
  const nowHours = hoursRead(current);
  const beforeHours = hoursRead(previous);
  // A young installation (or the demo's one week of history) has read only part of the previous
  // period: its totals then say how long it was read, not how much energy went through.
  const partlyRead = nowHours !== null && beforeHours !== null && beforeHours < 0.9 * nowHours;
  return (
    <div className="-mx-1 overflow-x-auto">
      <table className="w-full min-w-[20rem] text-sm">
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th className="px-1 py-1.5 font-medium">Figure</th>
            <th className="px-1 py-1.5 text-right font-medium">This period</th>
            <th className="px-1 py-1.5 text-right font-medium">Previous</th>
            <th className="hidden px-1 py-1.5 text-right font-medium sm:table-cell">Change</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {ROWS.map((row) => {
            const now = current[row.key];
            const before = previous[row.key];
            const unequal = partlyRead && TOTALS.includes(row.key);
            const change = unequal ? null : changePercent(now, before);
            const good =
              change === null || row.better === 'neither' || Math.abs(change) < 0.05
                ? null
                : change > 0 === (row.better === 'up');
            return (
              <tr key={row.key}>
                <td className="px-1 py-2 text-slate-700">{row.label}</td>
                <td className="px-1 py-2 text-right font-medium text-ink tabular-nums">
                  {row.format(now)}
                </td>
                <td className="px-1 py-2 text-right text-slate-600 tabular-nums">
                  {row.format(before)}
                </td>
                <td
                  className={cx(
                    'hidden px-1 py-2 text-right text-xs tabular-nums sm:table-cell',
                    good === true && 'text-emerald-700',
                    good === false && 'text-red-700',
                    good === null && 'text-slate-500',
                  )}
                >
                  {unequal ? 'not comparable' : formatChange(change)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {partlyRead && (
        <p className="mt-2 px-1 text-xs text-slate-500">
          The previous period holds about {Math.max(1, Math.round(beforeHours))} h of readings
          against {Math.round(nowHours)} h in this one, so its energy totals are not compared.
        </p>
      )}
    </div>
  );
}

function RankingTable({
  title,
  entries,
  scopeOf,
}: {
  title: string;
  entries: RankingEntry[];
  scopeOf: (entry: RankingEntry) => string;
}) {
  return (
    <div className="min-w-0">
      <h3 className="text-sm font-semibold text-slate-700">{title}</h3>
      <div className="-mx-1 mt-1 overflow-x-auto">
        <table className="w-full min-w-[18rem] text-sm">
          <thead>
            <tr className="text-left text-xs text-slate-500">
              <th className="w-8 px-1 py-1.5 font-medium">#</th>
              <th className="px-1 py-1.5 font-medium">Name</th>
              <th className="px-1 py-1.5 text-right font-medium">Overhead</th>
              <th className="px-1 py-1.5 text-right font-medium">Liquid share</th>
              <th className="hidden px-1 py-1.5 text-right font-medium sm:table-cell">IT power</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {entries.map((entry) => (
              <tr key={`${entry.kind}-${entry.id}`}>
                <td className="px-1 py-2 text-slate-500 tabular-nums">{entry.rank ?? '—'}</td>
                <td className="px-1 py-2">
                  <Link
                    to={{ pathname: paths.efficiency, search: `?scope=${scopeOf(entry)}` }}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {entry.name}
                  </Link>
                  {entry.datacenterName && (
                    <span className="block text-xs text-slate-500">{entry.datacenterName}</span>
                  )}
                </td>
                <td className="px-1 py-2 text-right tabular-nums">
                  {formatRatio(entry.coolingOverheadRatio)}
                  {entry.coolingOverheadRatio !== null &&
                    entry.previousCoolingOverheadRatio !== null && (
                      <span className="block text-xs text-slate-500">
                        was {formatRatio(entry.previousCoolingOverheadRatio)}
                      </span>
                    )}
                </td>
                <td className="px-1 py-2 text-right tabular-nums">
                  {formatPercent(entry.liquidSharePercent, 0)}
                </td>
                <td className="hidden px-1 py-2 text-right tabular-nums sm:table-cell">
                  {formatKw(entry.itPowerKw)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Rooms and datacenters, best first; those without liquid-cooling figures last, unranked. */
export function Ranking({ ranking }: { ranking: EfficiencyRanking }) {
  return (
    <div className="grid gap-5">
      <RankingTable title="Rooms" entries={ranking.rooms} scopeOf={(entry) => `room:${entry.id}`} />
      <RankingTable
        title="Datacenters"
        entries={ranking.datacenters}
        scopeOf={(entry) => `datacenter:${entry.id}`}
      />
    </div>
  );
}
