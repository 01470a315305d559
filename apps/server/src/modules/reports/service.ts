import type { FastifyInstance } from 'fastify';
import { equipmentMetricName } from '@brezza/contract';
import { executiveReport, type ExecutiveReport, type PeriodSeries, type Series } from './report.js';
import { HOUR_MS } from './figures.js';
import type { ReportsRepository } from './repository.js';

/** Energy is integrated from hourly averages: fine enough for a day's trend, cheap for a year. */
const ENERGY_STEP_MS = HOUR_MS;
/** Presence is judged per 15 minutes, stretched for long periods to at most 3,000 steps. */
const PRESENCE_STEP_MS = 15 * 60 * 1000;
const MAX_PRESENCE_STEPS = 3_000;

/** What identifies a device as present: a server's CPU, a unit's own headline reading. */
const SERVER_PRESENCE_METRIC = 'cpu_usage_ratio';
const EQUIPMENT_PRESENCE_METRICS = [
  equipmentMetricName('pcdu', 'cooling_power'),
  equipmentMetricName('pdu', 'power'),
];

export interface ReportsServiceDeps {
  repository: ReportsRepository;
  metricsStore: FastifyInstance['metricsStore'];
  alerts: FastifyInstance['alerts']['service'];
  now(): number;
}

/** Gathers a period's figures from the metrics store and the alerts, and builds the report. */
export function createReportsService(deps: ReportsServiceDeps) {
  const { repository, metricsStore, alerts } = deps;

  async function series(
    organisationId: number,
    metric: string,
    deviceIds: number[],
    fromMs: number,
    toMs: number,
    stepMs: number,
  ): Promise<Series[]> {
    if (deviceIds.length === 0) return [];
    const result = await metricsStore.queryRange({
      organisationId,
      metric,
      deviceIds,
      fromMs,
      toMs,
      stepMs,
      aggregate: 'avg',
    });
    return result.series.map((s) => ({ deviceId: s.deviceId, labels: s.labels, points: s.points }));
  }

  return {
    async report(organisationId: number, fromMs: number, toMs: number): Promise<ExecutiveReport> {
      const nowMs = deps.now();
      const [organisation, devices] = await Promise.all([
        repository.organisation(organisationId),
        repository.devices(organisationId),
      ]);
      const ids = (type: 'server' | 'pcdu' | 'pdu') =>
        devices.filter((d) => d.type === type).map((d) => d.id);
      const lengthMs = toMs - fromMs;
      const presenceStepMs =
        Math.max(1, Math.ceil(lengthMs / MAX_PRESENCE_STEPS / PRESENCE_STEP_MS)) * PRESENCE_STEP_MS;

      async function period(from: number, to: number): Promise<PeriodSeries> {
        const q = (metric: string, type: 'server' | 'pcdu' | 'pdu', stepMs = ENERGY_STEP_MS) =>
          series(organisationId, metric, ids(type), from, to, stepMs);
        const [
          pduOutletPowerW,
          serverPowerW,
          coolingPowerKw,
          valvePercent,
          serverPresence,
          pcduPresence,
          pduPresence,
          transitions,
        ] = await Promise.all([
          q(equipmentMetricName('pdu', 'outlet_power'), 'pdu'),
          q('power_watts', 'server'),
          q(equipmentMetricName('pcdu', 'cooling_power'), 'pcdu'),
          q(equipmentMetricName('pcdu', 'valveNow'), 'pcdu'),
          q(SERVER_PRESENCE_METRIC, 'server', presenceStepMs),
          q(EQUIPMENT_PRESENCE_METRICS[0]!, 'pcdu', presenceStepMs),
          q(EQUIPMENT_PRESENCE_METRICS[1]!, 'pdu', presenceStepMs),
          alerts.periodTransitions(
            organisationId,
            new Date(from).toISOString(),
            new Date(to).toISOString(),
          ),
        ]);
        return {
          fromMs: from,
          toMs: to,
          pduOutletPowerW,
          serverPowerW,
          coolingPowerKw,
          valvePercent,
          serverPresence,
          equipmentPresence: [...pcduPresence, ...pduPresence],
          transitions,
        };
      }

      const [current, previous] = await Promise.all([
        period(fromMs, toMs),
        period(fromMs - lengthMs, fromMs),
      ]);
      return executiveReport({
        organisation,
        fromMs,
        toMs,
        nowMs,
        energyStepMs: ENERGY_STEP_MS,
        presenceStepMs,
        devices,
        current,
        previous,
      });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
