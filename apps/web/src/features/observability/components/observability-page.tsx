import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PlanGate } from '@/components/plan/plan-gate';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageSlot } from '@/components/slots/page-slot';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client';
import { usePlan } from '@/lib/plan';
import { organisationQueryOptions } from '@/lib/organisation';
import { serverPresenceQueryOptions } from '@/lib/server-presence';
import { DemoBadge } from '@/components/ui/demo-badge';
import { hierarchyQueryOptions } from '../api/get-hierarchy';
import { observabilityKeys } from '../api/request';
import { useLiveRefresh } from '../hooks/use-live-refresh';
import { useViewState } from '../hooks/use-view-state';
import { chartMetrics, scopeCharts, serverCharts } from '../utils/charts';
import {
  breadcrumbs,
  childScopes,
  groupByFor,
  scopeName,
  serversIn,
  type Scope,
} from '../utils/hierarchy';
import { scopePath } from '../utils/scope-path';
import { isLive, reachesBeyondFreeHistory } from '../utils/time-range';
import { refreshSeconds } from '../utils/url-state';
import { MetricChart } from './metric-chart';
import { RangePicker } from './range-picker';
import { TopServers } from './top-servers';

const SCOPE_KIND = {
  organisation: 'Organisation',
  datacenter: 'Datacenter',
  room: 'Room',
  rack: 'Rack',
  server: 'Server',
} as const;

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card className="px-4 py-3">
      <p className="text-xs font-medium text-slate-500">{label}</p>
      <p className="text-xl font-semibold text-ink tabular-nums">{value}</p>
      {detail && <p className="text-xs text-slate-500">{detail}</p>}
    </Card>
  );
}

/**
 * One observability page: the organisation, a datacenter, room or rack (totals, the level
 * below, top servers) or a server (its own charts). Range and refresh live in the address.
 */
export function ObservabilityPage({ scope }: { scope: Scope }) {
  const request = useApiClient();
  const { search } = useLocation();
  const view = useViewState();
  const organisation = useQuery(organisationQueryOptions(request));
  const hierarchy = useQuery(hierarchyQueryOptions(request));
  const presence = useQuery(serverPresenceQueryOptions(request, observabilityKeys.presence));
  const { allows } = usePlan();

  const servers = useMemo(
    () => (hierarchy.data ? serversIn(hierarchy.data, scope) : []),
    [hierarchy.data, scope],
  );
  const charts = useMemo(
    () => (scope.type === 'server' ? serverCharts() : scopeCharts(groupByFor(scope))),
    [scope],
  );
  const live = isLive(view.range, Date.now());
  // Beyond the last 24 hours the charts wait for the plan, and without one say what Argento
  // unlocks instead of calling a query the server would refuse.
  const history = reachesBeyondFreeHistory(view.range, Date.now()) ? allows('fullHistory') : true;
  useLiveRefresh({
    enabled: live && hierarchy.data !== undefined,
    devices: scope.type === 'organisation' ? [] : servers.map((server) => server.id),
    metrics: chartMetrics(charts),
    // One server's charts follow each sample; a larger scope's samples arrive in bursts.
    throttleMs: scope.type === 'server' ? 1000 : 5000,
  });

  if (hierarchy.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner />
      </div>
    );
  }
  if (hierarchy.isError) {
    return <p className="mx-auto max-w-7xl px-4 py-12 text-red-700">{hierarchy.error.message}</p>;
  }
  const name = scopeName(hierarchy.data, scope);
  if (name === undefined) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-12">
        <h1 className="text-xl font-semibold text-ink">Not found</h1>
        <p className="mt-2 text-slate-600">
          This {SCOPE_KIND[scope.type].toLowerCase()} is not in your organisation.{' '}
          <Link className="text-brand-700 underline" to={scopePath({ type: 'organisation' })}>
            Back to the overview
          </Link>
        </p>
      </div>
    );
  }

  const trail = breadcrumbs(hierarchy.data, scope);
  const children = childScopes(hierarchy.data, scope);
  const status = presence.data?.status;
  const online = status ? servers.filter((server) => status(server.id).online).length : 0;
  const serverStatus = scope.type === 'server' && status ? status(scope.id) : null;
  const title = scope.type === 'organisation' ? (organisation.data?.name ?? 'Organisation') : name;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-slate-500">
        <ol className="flex flex-wrap items-center gap-1">
          {trail.map((crumb, i) => (
            <li
              key={`${crumb.scope.type}-${'id' in crumb.scope ? crumb.scope.id : ''}`}
              className="flex items-center gap-1"
            >
              {i > 0 && <span aria-hidden="true">/</span>}
              {i === trail.length - 1 ? (
                <span aria-current="page" className="text-slate-700">
                  {crumb.name}
                </span>
              ) : (
                <Link
                  className="hover:text-brand-700 hover:underline"
                  to={{ pathname: scopePath(crumb.scope), search }}
                >
                  {crumb.name}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
            {SCOPE_KIND[scope.type]} · Observability
          </p>
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold text-ink">
            {title}
            {organisation.data?.demo && <DemoBadge />}
          </h1>
        </div>
        <RangePicker
          range={view.range}
          refresh={view.refresh}
          onRangeChange={view.setRange}
          onRefreshChange={view.setRefresh}
        />
      </div>

      <div className="mb-5 grid grid-cols-2 gap-3 md:grid-cols-4">
        {scope.type === 'server' ? (
          serverStatus && (
            <Stat
              label="Status"
              value={serverStatus.online ? 'Online' : 'Offline'}
              detail={
                serverStatus.lastSeenAt
                  ? `Last sample ${new Date(serverStatus.lastSeenAt).toLocaleString()}`
                  : 'No sample yet'
              }
            />
          )
        ) : (
          <Stat
            label="Servers online"
            value={`${online} of ${servers.length}`}
            detail={
              presence.data
                ? `Sent a sample in the last ${presence.data.onlineWithinSeconds / 60} minutes`
                : undefined
            }
          />
        )}
        {scope.type !== 'server' && (
          <Stat
            label={`${children[0] ? SCOPE_KIND[children[0].scope.type] : 'Item'}s`}
            value={String(children.length)}
          />
        )}
      </div>

      {history === true ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {charts.map((chart) => (
            <MetricChart
              key={chart.id}
              chart={chart}
              scope={scope}
              range={view.range}
              refreshSeconds={refreshSeconds(view.refresh)}
              onRangeChange={view.setRange}
            />
          ))}
        </div>
      ) : history === false ? (
        <div className="max-w-2xl">
          <PlanGate feature="fullHistory" />
          <Button
            className="mt-3"
            variant="secondary"
            onClick={() => view.setRange({ kind: 'preset', preset: '24h' })}
          >
            Show the last 24 hours
          </Button>
        </div>
      ) : (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      )}

      <PageSlot
        name="observability"
        scope={
          scope.type === 'organisation'
            ? 'organisation'
            : `${scope.type === 'server' ? 'device' : scope.type}:${scope.id}`
        }
      />

      {scope.type !== 'server' && (
        <div className="mt-6 grid gap-4 lg:grid-cols-2">
          {history === true && (
            <TopServers
              scope={scope}
              range={view.range}
              refreshSeconds={refreshSeconds(view.refresh)}
              search={search}
            />
          )}
          <Card className="overflow-hidden">
            <h3 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-ink">
              {children[0] ? `${SCOPE_KIND[children[0].scope.type]}s` : 'Inside'}
            </h3>
            {children.length === 0 ? (
              <p className="px-4 py-6 text-sm text-slate-500">Nothing is placed here yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {children.map((child) => (
                  <li key={'id' in child.scope ? child.scope.id : 0}>
                    <Link
                      className="flex items-center justify-between px-4 py-2.5 text-sm text-ink hover:bg-slate-50"
                      to={{ pathname: scopePath(child.scope), search }}
                    >
                      <span className="font-medium">{child.name}</span>
                      <span aria-hidden="true" className="text-slate-400">
                        →
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
    </div>
  );
}
