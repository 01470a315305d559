import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  SEVERITIES,
  SEVERITY_LABELS,
  alertValueText,
  type Alert as AlertItem,
  type AlertEvent,
} from '@brezza/contract';
import { DemoDataBadge } from '@/components/demo-data-badge';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PlanGate } from '@/components/plan/plan-gate';
import { planRefusal } from '@/components/plan/plan-refusal';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useApiClient } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { usePlan } from '@/lib/plan';
import { alertsQueryOptions, type AlertFilters } from '../api/get-alerts';
import { filterOptions, hierarchyQueryOptions } from '../api/get-scopes';
import { rulesQueryOptions } from '../api/rules';
import { useAcknowledgeAlert } from '../api/acknowledge-alert';
import { ChannelsPanel } from '../components/channels-panel';
import { DeliveriesPanel } from '../components/deliveries-panel';
import { RulesPanel } from '../components/rules-panel';
import { SeverityBadge } from '../components/severity-badge';
import { SilenceForm } from '../components/silence-form';
import { SilencesList } from '../components/silences-list';
import { TableHead } from '../components/table-head';

const TABS = [
  'firing',
  'pending',
  'silenced',
  'history',
  'rules',
  'channels',
  'deliveries',
] as const;
type Tab = (typeof TABS)[number];
type AlertTab = 'firing' | 'pending' | 'silenced';
const TAB_LABELS: Record<Tab, string> = {
  firing: 'Firing',
  pending: 'Pending',
  silenced: 'Silenced',
  history: 'History',
  rules: 'Rules',
  channels: 'Channels',
  deliveries: 'Deliveries',
};
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);
const TRANSITION_LABELS: Record<AlertEvent['transition'], string> = {
  pending: 'Pending',
  firing: 'Firing',
  resolved: 'Resolved',
  cancelled: 'Back to normal before firing',
  nodata: 'No data',
};

const when = (iso: string) => new Date(iso).toLocaleString();
const deviceLink = (alert: { deviceId: number; deviceName: string; deviceType?: string }) =>
  alert.deviceType && alert.deviceType !== 'server' ? (
    <Link
      className="font-medium text-brand-700 hover:underline"
      to={paths.equipmentUnit(alert.deviceId)}
    >
      {alert.deviceName}
    </Link>
  ) : (
    <span className="font-medium">{alert.deviceName}</span>
  );

function AlertRow({ alert, canAct }: { alert: AlertItem; canAct: boolean }) {
  const [silencing, setSilencing] = useState(false);
  const acknowledge = useAcknowledgeAlert();
  const labels = Object.entries(alert.labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return (
    <li className="p-4" data-alert={alert.id}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <SeverityBadge severity={alert.severity} />
        <span className="font-semibold text-ink">{alert.ruleName}</span>
        <span className="text-sm text-slate-600">on {deviceLink(alert)}</span>
        {labels && <span className="text-xs text-slate-500">{labels}</span>}
        {alert.state === 'nodata' && (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">No data</span>
        )}
        {alert.silenced && (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
            Silenced
          </span>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {alert.state === 'pending' ? 'Pending' : 'Since'} {when(alert.since)}
        {alert.value !== null && <> · value {alertValueText(alert.value, alert.unit)}</>}
        {alert.acknowledgedBy && <> · acknowledged by {alert.acknowledgedBy}</>}
      </p>
      {canAct && !silencing && (
        <div className="mt-2 flex gap-2">
          {!alert.acknowledgedBy && (
            <Button
              size="sm"
              variant="secondary"
              disabled={acknowledge.isPending}
              onClick={() => acknowledge.mutate(alert.id)}
            >
              Acknowledge
            </Button>
          )}
          {!alert.silenced && (
            <Button size="sm" variant="ghost" onClick={() => setSilencing(true)}>
              Silence…
            </Button>
          )}
        </div>
      )}
      {acknowledge.isError && (
        <Alert tone="error" className="mt-2">
          {acknowledge.error.message}
        </Alert>
      )}
      {silencing && <SilenceForm alert={alert} onDone={() => setSilencing(false)} />}
    </li>
  );
}

function HistoryTable({ events }: { events: AlertEvent[] }) {
  return (
    <table className="w-full min-w-[40rem] text-sm">
      <TableHead titles={['When', 'Alert', 'Device', 'Change', 'Value']} />
      <tbody className="divide-y divide-slate-100">
        {events.map((event) => (
          <tr key={event.id}>
            <td className="px-3 py-2 whitespace-nowrap text-slate-500">{when(event.at)}</td>
            <td className="px-3 py-2">
              <SeverityBadge severity={event.severity} /> {event.ruleName}
            </td>
            <td className="px-3 py-2">{event.deviceName}</td>
            <td className="px-3 py-2">
              {TRANSITION_LABELS[event.transition]}
              {event.silenced && <span className="text-slate-500"> (silenced, not sent)</span>}
            </td>
            <td className="px-3 py-2 text-slate-600">{alertValueText(event.value, event.unit)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const intro = (
  <>
    <div className="flex items-center gap-3">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Alerts</h1>
      <DemoDataBadge />
    </div>
    <p className="mt-1 text-sm text-slate-600">
      Rules on every device&apos;s readings: a leak, a failed power supply or a server that stopped
      reporting shows here within seconds, and goes to your notification channels.
    </p>
  </>
);

/**
 * /alerts: what is firing, pending or silenced now, what happened, and the rules and channels;
 * what Argento unlocks for an organisation whose plan has no alerts (asked first, or told by the
 * server's 403).
 */
export function AlertsRoute() {
  const { allows } = usePlan();
  const allowed = allows('alerts');
  if (allowed === undefined) {
    return (
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        {intro}
        <Spinner />
      </main>
    );
  }
  return allowed ? <AlertsPage /> : <AlertsGate />;
}

function AlertsGate() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      {intro}
      <PlanGate feature="alerts" className="mt-4 max-w-2xl" />
    </main>
  );
}

function AlertsPage() {
  const request = useApiClient();
  const { can } = useMe();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'firing';
  const setTab = (next: Tab) =>
    setSearch(next === 'firing' ? {} : { tab: next }, { replace: true });
  const [filters, setFilters] = useState<AlertFilters>({ severity: '', scope: '' });
  const alerts = useQuery(alertsQueryOptions(request, filters));
  const hierarchy = useQuery(hierarchyQueryOptions(request));
  const rules = useQuery({ ...rulesQueryOptions(request), enabled: tab === 'silenced' });
  const list = alerts.data?.alerts ?? [];
  const shown: Record<AlertTab, AlertItem[]> = {
    firing: list.filter((a) => (a.state === 'firing' || a.state === 'nodata') && !a.silenced),
    pending: list.filter((a) => a.state === 'pending' && !a.silenced),
    silenced: list.filter((a) => a.silenced),
  };
  const count = (t: Tab) => (t in shown ? shown[t as AlertTab].length : null);
  const refusedFor = planRefusal(alerts.error);
  const alertTab = tab === 'firing' || tab === 'pending' || tab === 'silenced';

  // The plan may have changed since it was read: the server's refusal says so.
  if (refusedFor === 'alerts') return <AlertsGate />;

  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      {intro}
      {(alertTab || tab === 'history') && (
        <Card className="mt-4 grid gap-3 p-4 sm:grid-cols-2 lg:max-w-2xl">
          <SelectField
            label="Severity"
            value={filters.severity}
            onChange={(e) => setFilters({ ...filters, severity: e.target.value })}
            options={[
              { value: '', label: 'All' },
              ...SEVERITIES.map((s) => ({ value: s, label: SEVERITY_LABELS[s] })),
            ]}
          />
          <SelectField
            label="Where"
            value={filters.scope}
            onChange={(e) => setFilters({ ...filters, scope: e.target.value })}
            options={[{ value: '', label: 'Everywhere' }, ...filterOptions(hierarchy.data)]}
          />
        </Card>
      )}
      <div
        role="tablist"
        aria-label="Alerts"
        className="mt-4 flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            onClick={() => setTab(t)}
            className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium ${
              tab === t
                ? 'border-brand-600 text-brand-700'
                : 'border-transparent text-slate-600 hover:text-ink'
            }`}
          >
            {TAB_LABELS[t]}
            {count(t) !== null && (
              <span className="ml-1.5 rounded-full bg-slate-100 px-1.5 text-xs">{count(t)}</span>
            )}
          </button>
        ))}
      </div>
      {tab === 'rules' && (
        <Card className="mt-4" role="tabpanel">
          <RulesPanel hierarchy={hierarchy.data} isAdmin={can('admin')} />
        </Card>
      )}
      {tab === 'channels' && (
        <Card className="mt-4" role="tabpanel">
          <ChannelsPanel hierarchy={hierarchy.data} isAdmin={can('admin')} />
        </Card>
      )}
      {tab === 'deliveries' && (
        <Card className="mt-4 overflow-x-auto" role="tabpanel">
          <DeliveriesPanel canRetry={can('operator')} />
        </Card>
      )}
      {(alertTab || tab === 'history') && alerts.isPending && <Spinner />}
      {(alertTab || tab === 'history') && alerts.isError && (
        <Alert tone="error" className="mt-3">
          {alerts.error.message}
        </Alert>
      )}
      {(alertTab || tab === 'history') && alerts.data && (
        <Card className="mt-4 overflow-x-auto" role="tabpanel">
          {tab === 'silenced' && (
            <SilencesList rules={rules.data} hierarchy={hierarchy.data} canAct={can('operator')} />
          )}
          {tab === 'history' ? (
            alerts.data.history.length === 0 ? (
              <p className="p-6 text-sm text-slate-600">Nothing has happened yet.</p>
            ) : (
              <HistoryTable events={alerts.data.history} />
            )
          ) : alertTab && shown[tab].length === 0 ? (
            <p className="p-6 text-sm text-slate-600">
              {tab === 'firing'
                ? 'Nothing is firing. Everything the rules watch is normal.'
                : tab === 'pending'
                  ? 'Nothing is waiting out its pending duration.'
                  : 'No alert is silenced.'}
            </p>
          ) : (
            alertTab && (
              <ul className="divide-y divide-slate-100">
                {shown[tab].map((alert) => (
                  <AlertRow key={alert.id} alert={alert} canAct={can('operator')} />
                ))}
              </ul>
            )
          )}
        </Card>
      )}
    </main>
  );
}
