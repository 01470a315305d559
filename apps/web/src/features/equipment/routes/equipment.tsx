import { useRef, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { DEVICE_TYPE_LABELS, staleAfterMs, type EquipmentDetail } from '@brezza/contract';
import { DemoDataBadge } from '@/components/demo-data-badge';
import { PageSlot } from '@/components/slots/page-slot';
import { Alert } from '@/components/ui/alert';
import { cx } from '@/components/ui/cx';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useApiClient } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { equipmentQueryOptions } from '../api/get-equipment';
import { DashboardTab } from '../components/dashboard-tab';
import { HealthTab } from '../components/health-tab';
import { NetworkTab } from '../components/network-tab';
import { PduView } from '../components/pdu-view';
import { SensorsTab } from '../components/sensors-tab';
import { SetpointTab } from '../components/setpoint-tab';
import { useLiveUnit } from '../hooks/use-live-unit';
import { useNow } from '../hooks/use-now';
import { freshness } from '../utils/freshness';
import { liveStatusView } from '../utils/live-status';

const TABS = [
  ['dashboard', 'Dashboard'],
  ['sensors', 'Sensors'],
  ['setpoints', 'Setpoint Config'],
  ['network', 'Network Config'],
  ['health', 'System Health'],
  ['recommendations', 'Recommendations'],
] as const;
type Tab = (typeof TABS)[number][0];

const placementText = (unit: EquipmentDetail) =>
  [unit.placement.datacenterName, unit.placement.roomName, unit.placement.rackName]
    .filter(Boolean)
    .join(' › ') || 'Unassigned';

/**
 * /equipment/{id}: a pCDU's tabs (docs: pCDU pages) or a PDU's outlets and phases. The
 * Recommendations tab shows what the app passes in (another feature's panel).
 */
export function EquipmentRoute({
  recommendations,
}: {
  recommendations?: (equipmentId: number) => ReactNode;
} = {}) {
  const id = Number(useParams().id);
  const request = useApiClient();
  const { can } = useMe();
  const valid = Number.isInteger(id);
  const live = useLiveUnit(id, valid);
  // The stream brings each reading; a timer reads the unit only while the stream is down.
  const query = useQuery({
    ...equipmentQueryOptions(request, id, live.state === 'retrying'),
    enabled: valid,
  });
  const [search, setSearch] = useSearchParams();
  const tab: Tab = TABS.some(([key]) => key === search.get('tab'))
    ? (search.get('tab') as Tab)
    : 'dashboard';
  const now = useNow(1000);
  // Server time minus browser time when the last answer arrived: ages use the server's clock.
  const skew = useRef(0);
  if (query.data) skew.current = Date.parse(query.data.serverTime) - query.dataUpdatedAt;

  if (query.isPending) return <Spinner />;
  if (query.isError || !query.data) {
    return (
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <Alert tone="error">{query.error?.message ?? 'Failed to load the equipment.'}</Alert>
      </main>
    );
  }
  const unit = query.data;
  const fresh = freshness(unit.lastSeenAt, now, skew.current, staleAfterMs(unit.type));
  const liveView = liveStatusView(live, now, unit.pollIntervalMs);

  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <p className="text-sm text-slate-500">
        <Link to={paths.equipment} className="hover:text-brand-700">
          Equipment
        </Link>{' '}
        › {placementText(unit)}
      </p>
      <div className="mt-1 flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">{unit.name}</h1>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
          {DEVICE_TYPE_LABELS[unit.type]}
        </span>
        <DemoDataBadge />
        <span
          data-testid="freshness"
          data-stale={fresh.stale}
          className={cx('text-sm', fresh.stale ? 'font-semibold text-red-700' : 'text-slate-500')}
        >
          {fresh.stale ? `Stale: ${fresh.text}` : fresh.text}
        </span>
        {liveView.tone !== 'warning' && (
          <span
            data-testid="live-status"
            data-state={live.state}
            className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-500"
          >
            <span
              aria-hidden
              className={cx(
                'inline-block h-2 w-2 rounded-full',
                liveView.tone === 'live' ? 'animate-pulse bg-emerald-500' : 'bg-slate-300',
              )}
            />
            {liveView.text}
          </span>
        )}
      </div>
      <p className="mt-1 text-xs text-slate-500">
        {unit.host}:{unit.port} · read by {unit.gateway?.serverName ?? 'no gateway'} every{' '}
        {unit.pollIntervalMs / 1000} s
      </p>
      {liveView.tone === 'warning' && (
        <div
          role="status"
          data-testid="live-status"
          data-state={live.state}
          className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {liveView.text}
        </div>
      )}
      {fresh.stale && (
        <Alert tone="error" className="mt-3">
          {unit.lastSeenAt === null
            ? 'The gateway has not read this unit yet. Check that its agent runs and can reach the unit.'
            : `The unit stopped answering: no reading for ${fresh.text.replace('updated ', '').replace(' ago', '')}. The values below are the last ones received.`}
        </Alert>
      )}

      {unit.type === 'pdu' ? (
        <div className="mt-5">
          <PduView unit={unit} stale={fresh.stale} />
        </div>
      ) : (
        <>
          <div
            role="tablist"
            aria-label="pCDU pages"
            className="mt-5 flex flex-wrap gap-x-1 border-b border-slate-200"
          >
            {TABS.filter(([key]) => key !== 'recommendations' || recommendations).map(
              ([key, label]) => (
                <button
                  key={key}
                  role="tab"
                  type="button"
                  aria-selected={tab === key}
                  onClick={() => setSearch({ tab: key }, { replace: true })}
                  className={cx(
                    '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium',
                    tab === key
                      ? 'border-brand-600 text-brand-700'
                      : 'border-transparent text-slate-600 hover:text-ink',
                  )}
                >
                  {label}
                </button>
              ),
            )}
            <Link
              to={paths.coolingPerformance(unit.id)}
              className="-mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-ink"
            >
              Cooling Performance
            </Link>
          </div>
          <div role="tabpanel" className="mt-4">
            {tab === 'dashboard' && <DashboardTab unit={unit} stale={fresh.stale} />}
            {tab === 'dashboard' && <PageSlot name="equipmentUnit" unitId={unit.id} />}
            {tab === 'sensors' && <SensorsTab unit={unit} stale={fresh.stale} />}
            {tab === 'setpoints' && <SetpointTab unit={unit} canChange={can('operator')} />}
            {tab === 'network' && <NetworkTab unit={unit} canChange={can('operator')} />}
            {tab === 'health' && (
              <HealthTab unit={unit} stale={fresh.stale} freshnessText={fresh.text} />
            )}
            {tab === 'recommendations' && recommendations?.(unit.id)}
          </div>
        </>
      )}
    </main>
  );
}
