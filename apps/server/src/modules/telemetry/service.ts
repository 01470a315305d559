import {
  describeMetric,
  metricUnit,
  SCOPE_NOT_FOUND,
  type MetricNamesResponse,
  type MetricsQuery,
  type MetricsQueryResponse,
  type MetricsStreamQuery,
} from '@brezza/contract';
import { notFound } from '../../errors.js';
import { combineSeries, devicesInScope } from './combine.js';
import type { TelemetryRepository } from './repository.js';
import type { MetricsStore } from './store/types.js';

export type TelemetryService = ReturnType<typeof createTelemetryService>;

/** The query API's rules: scopes are the caller's organisation's, groups follow the hierarchy. */
export function createTelemetryService(deps: {
  repository: TelemetryRepository;
  store: MetricsStore;
}) {
  const { repository, store } = deps;

  async function names(organisationId: number): Promise<MetricNamesResponse> {
    const stored = await store.names(organisationId);
    return {
      metrics: stored.map((name) => {
        const descriptor = describeMetric(name);
        return { name, unit: metricUnit(name), help: descriptor?.help ?? '' };
      }),
    };
  }

  async function query(organisationId: number, q: MetricsQuery): Promise<MetricsQueryResponse> {
    const { scope } = q;
    if (scope.type !== 'organisation') {
      if (!(await repository.scopeExists(organisationId, scope.type, scope.id!))) {
        throw notFound(SCOPE_NOT_FOUND);
      }
    }
    const placed = await repository.placedDevices(organisationId);
    const inScope = devicesInScope(placed, scope);
    const unit = metricUnit(q.metric);
    if (inScope.length === 0) return { unit, resolution: 'raw', series: [] };
    const result = await store.queryRange({
      organisationId,
      metric: q.metric,
      // The whole organisation needs no list: the store keeps series by organisation.
      deviceIds: scope.type === 'organisation' ? undefined : inScope.map((d) => d.id),
      fromMs: q.from,
      toMs: q.to,
      stepMs: q.stepSeconds * 1000,
      aggregate: q.aggregate,
    });
    const devices = new Map(inScope.map((d) => [d.id, d]));
    return {
      unit,
      resolution: result.resolution,
      series: combineSeries(result.series, devices, q.groupBy, q.aggregate),
    };
  }

  /** The devices a stream follows: all of the organisation's, or those asked for (all its). */
  async function streamDevices(
    organisationId: number,
    q: MetricsStreamQuery,
  ): Promise<Set<number> | undefined> {
    if (!q.devices) return undefined;
    const wanted = [...new Set(q.devices)];
    const found = await repository.deviceIdsIn(organisationId, wanted);
    if (found.length !== wanted.length) throw notFound(SCOPE_NOT_FOUND);
    return new Set(found);
  }

  return { names, query, streamDevices };
}
