import {
  ANOMALY_BIT_METRIC,
  ANOMALY_METRICS,
  ANOMALY_SCORE_METRIC,
  ANOMALY_SOURCE_LABEL,
  INSIGHT_MESSAGES,
  equipmentMetricName,
  type AlertRule,
  type AnomaliesResponse,
  type Forecast,
  type ForecastKind,
  type ForecastsResponse,
  type UnusualDevice,
  type UnusualMetric,
} from '@brezza/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors.js';
import type { MetricSample } from '../../types.js';
import {
  FEATURES,
  featureVectors,
  judge,
  pointsPerVector,
  trainModel,
  trainingWindows,
  type FeatureVector,
  type Model,
} from './detector.js';
import {
  DAY_MS,
  describeDays,
  fitTrend,
  projection,
  timeToThreshold,
  type Trend,
} from './forecast.js';
import type {
  AnomaliesRepository,
  PlacedDevice,
  ScopeKind,
  StoredSeriesModels,
} from './repository.js';

/** The detector's resolution: each series is judged each minute, on its minute averages. */
export const STEP_MS = 60_000;
/**
 * The step of the stored history a window falls back to when its minutes are too few to train
 * on (an older history kept at 5-minute steps, the demo's backfilled week).
 */
export const COARSE_STEP_MS = 5 * 60_000;
/** Data of a minute may still be arriving this long after it ends. */
const LATENESS_MS = 15_000;
/** Models per series, each trained on `SPAN` of history, their windows ending `STAGGER` apart. */
export const MODELS_PER_SERIES = 3;
const SPAN_MS = 6 * 3_600_000;
const STAGGER_MS = 3 * 3_600_000;
/** Retraining cadence: models follow the organisation's normal as it drifts. */
export const TRAIN_INTERVAL_MS = 3_600_000;
/**
 * Metrics that only count time (uptime rises by a second a second): their one change is a reboot,
 * which 'server offline' and the uptime itself already show, and the minute averages of samples
 * taken off the minute wobble around a perfectly steady line that no model can learn.
 */
const CLOCK_METRICS = ['uptime_seconds'];

/** Bounds the work and memory per organisation; past it, series are left unmodelled. */
export const MAX_SERIES_PER_ORGANISATION = 2_000;
/** Training yields to the event loop after this many series (about 50 ms of work). */
const SERIES_PER_YIELD = 10;
/** "Unusual now" is the anomaly rate over this window. */
export const UNUSUAL_WINDOW_MINUTES = 15;
const MAX_LISTED = 50;
/** Forecasts: trend fitted on a week of hourly averages, projected up to 90 days. */
export const FIT_DAYS = 7;
export const HORIZON_DAYS = 90;
const MAX_FORECASTS = 30;

type SeriesModels = StoredSeriesModels;

interface OrganisationModels {
  trainedAtMs: number;
  series: Map<string, SeriesModels>;
  /** The newest minute judged, so that a minute is judged once. */
  scoredStepMs: number;
}

export const seriesId = (deviceId: number, metric: string, labels: Record<string, string>) =>
  `${deviceId}|${metric}|${JSON.stringify(Object.fromEntries(Object.entries(labels).sort()))}`;

/** The judged series' labels, without the anomaly series' own `metric` label. */
function sourceLabels(labels: Record<string, string>): Record<string, string> {
  const rest = { ...labels };
  delete rest[ANOMALY_SOURCE_LABEL];
  return rest;
}

type Store = FastifyInstance['metricsStore'];
type StoredSeries = Awaited<ReturnType<Store['queryRange']>>['series'][number];

export type InsightScope = { kind: 'organisation' } | { kind: ScopeKind; id: number };

export function parseScope(text: string): InsightScope {
  if (text === 'organisation') return { kind: 'organisation' };
  const [kind, id] = text.split(':') as [ScopeKind, string];
  return { kind, id: Number(id) };
}

/** Whether a device stands inside a scope. Pure. */
export function deviceInScope(scope: InsightScope, device: PlacedDevice): boolean {
  switch (scope.kind) {
    case 'organisation':
      return true;
    case 'datacenter':
      return device.datacenterId === scope.id;
    case 'room':
      return device.roomId === scope.id;
    case 'rack':
      return device.rackId === scope.id;
    case 'device':
      return device.id === scope.id;
  }
}

function ruleMatches(rule: AlertRule, device: PlacedDevice): boolean {
  const scope = rule.scope;
  if (scope.kind === 'deviceType') return device.type === scope.deviceType;
  return deviceInScope(scope, device);
}

export interface AnomaliesDeps {
  repository: AnomaliesRepository;
  store: Pick<Store, 'queryRange' | 'latest' | 'names' | 'write'>;
  /** The organisation's alert rules: their thresholds are what forecasts count down to. */
  alertRules(organisationId: number): Promise<AlertRule[]>;
  now(): number;
  /** Lets ingest and requests run between chunks of training work. */
  yieldToEventLoop(): Promise<void>;
}

interface ForecastTarget {
  kind: ForecastKind;
  metric: string;
  threshold: number;
  direction: 'above' | 'below';
  source: string;
  label: string;
  unit: string;
  applies(device: PlacedDevice): boolean;
}

/** The unit's own limit: a pCDU whose valve is fully open removes all the heat it can. */
const VALVE_METRIC = equipmentMetricName('pcdu', 'valveNow');

function unitOf(metric: string): string {
  if (metric.includes('temperature')) return '°C';
  if (metric.includes('flow')) return 'L/min';
  return '';
}

function kindOf(metric: string): ForecastKind | null {
  if (metric.includes('temperature')) return 'temperature';
  if (metric.includes('flow')) return 'flow';
  return null;
}

/** Thresholds to count down to: the temperature and flow alert rules, and the pCDUs' capacity. Pure. */
export function forecastTargets(rules: readonly AlertRule[]): ForecastTarget[] {
  const targets: ForecastTarget[] = [
    {
      kind: 'capacity',
      metric: VALVE_METRIC,
      threshold: 100,
      direction: 'above',
      source: 'Valve fully open',
      label: 'its cooling capacity (valve fully open)',
      unit: '%',
      applies: (device) => device.type === 'pcdu',
    },
  ];
  for (const rule of rules) {
    if (!rule.enabled || !rule.metric) continue;
    const kind = kindOf(rule.metric);
    if (!kind) continue;
    const unit = unitOf(rule.metric);
    const base = {
      kind,
      metric: rule.metric,
      source: rule.name,
      unit,
      applies: (device: PlacedDevice) => ruleMatches(rule, device),
    };
    const { condition } = rule;
    const limits: [number, 'above' | 'below'][] =
      condition.kind === 'above'
        ? [[condition.threshold, 'above']]
        : condition.kind === 'below'
          ? [[condition.threshold, 'below']]
          : condition.kind === 'outside'
            ? [
                [condition.high, 'above'],
                [condition.low, 'below'],
              ]
            : [];
    for (const [threshold, direction] of limits)
      targets.push({
        ...base,
        threshold,
        direction,
        label: `${direction === 'above' ? '' : 'a low of '}${threshold} ${unit}`.trim(),
      });
  }
  return targets;
}

/** The app's sentence for a forecast. Pure. */
export function forecastSummary(input: {
  subject: string;
  label: string;
  etaDays: number | null;
  earliestDays: number | null;
  latestDays: number | null;
  horizonDays: number;
  growing: boolean;
}): string {
  const { subject, label, etaDays, earliestDays, latestDays } = input;
  if (etaDays === 0) return `${subject} is at ${label} now.`;
  if (etaDays === null) {
    if (earliestDays !== null)
      return `${subject} is not trending to ${label}; within the uncertainty it could reach it in ${describeDays(earliestDays)}.`;
    return `${subject} does not reach ${label} within ${input.horizonDays} days at the current trend.`;
  }
  const band =
    earliestDays !== null
      ? latestDays !== null
        ? ` (between ${describeDays(earliestDays)} and ${describeDays(latestDays)})`
        : ` (${describeDays(earliestDays)} at the earliest)`
      : '';
  return `${subject} reaches ${label} in ${describeDays(etaDays)} at the current ${input.growing ? 'growth' : 'trend'}${band}.`;
}

/**
 * The points of a minute series that lie a whole number of `stepMs` before `endMs`: a coarse
 * model's view of the newest minutes (its vectors are made of points `stepMs` apart). Pure.
 */
export function pointsEvery(
  points: readonly (readonly [number, number])[],
  stepMs: number,
  endMs: number,
): (readonly [number, number])[] {
  return points.filter(([atMs]) => atMs <= endMs && (endMs - atMs) % stepMs === 0);
}

export function createAnomaliesService(deps: AnomaliesDeps) {
  const { repository, store } = deps;
  const organisations = new Map<number, OrganisationModels>();

  async function checkScope(organisationId: number, scope: InsightScope) {
    if (scope.kind === 'organisation') return;
    if (!(await repository.nodeExists(organisationId, scope.kind, scope.id)))
      throw notFound(INSIGHT_MESSAGES.scopeNotFound);
  }

  /**
   * Trains the organisation's models on its own history: one range query per metric (minute
   * averages over every model's window), k-means per window and series; a window whose minutes
   * are too few is trained on 5-minute steps instead (one more query for the metric). Bounded by
   * MAX_SERIES_PER_ORGANISATION; yields between metrics so that ingest is never held up. The
   * models replace the organisation's stored ones.
   */
  async function train(organisationId: number, nowMs = deps.now()): Promise<number> {
    const windows = trainingWindows(nowMs, MODELS_PER_SERIES, SPAN_MS, STAGGER_MS);
    const fromMs = Math.min(...windows.map((w) => w.fromMs));
    const names = (await store.names(organisationId)).filter(
      (m) => !ANOMALY_METRICS.includes(m) && !CLOCK_METRICS.includes(m),
    );
    const series = new Map<string, SeriesModels>();
    const range = (metric: string, stepMs: number) =>
      store.queryRange({
        organisationId,
        metric,
        fromMs,
        toMs: nowMs,
        stepMs,
        aggregate: 'avg',
      });
    let trainedSinceYield = 0;
    for (const metric of names.sort()) {
      if (series.size >= MAX_SERIES_PER_ORGANISATION) break;
      const result = await range(metric, STEP_MS);
      let coarse: Map<string, StoredSeries> | null = null;
      const coarseOf = async (id: string) => {
        coarse ??= new Map(
          (await range(metric, COARSE_STEP_MS)).series.map((c) => [
            seriesId(c.deviceId, metric, c.labels),
            c,
          ]),
        );
        return coarse.get(id);
      };
      for (const stored of result.series) {
        if (series.size >= MAX_SERIES_PER_ORGANISATION) break;
        const id = seriesId(stored.deviceId, metric, stored.labels);
        const fine = featureVectors(stored.points, STEP_MS);
        let coarseVectors: FeatureVector[] | null = null;
        const values = stored.points.map(([, v]) => v).sort((a, b) => a - b);
        const level = values[Math.floor(values.length / 2)] ?? 0;
        const models: Model[] = [];
        for (const window of windows) {
          const inWindow = (vectors: FeatureVector[]) =>
            vectors.filter((v) => v.atMs >= window.fromMs && v.atMs < window.toMs);
          let model = trainModel(inWindow(fine), { ...window, stepMs: STEP_MS }, level);
          if (!model) {
            coarseVectors ??= featureVectors((await coarseOf(id))?.points ?? [], COARSE_STEP_MS);
            model = trainModel(
              inWindow(coarseVectors),
              { ...window, stepMs: COARSE_STEP_MS },
              level,
            );
          }
          if (model) models.push(model);
        }
        if (models.length > 0)
          series.set(id, { deviceId: stored.deviceId, metric, labels: stored.labels, models });
        // A series' three models take a few milliseconds: a metric of a thousand servers must
        // not hold the event loop for seconds.
        if (++trainedSinceYield >= SERIES_PER_YIELD) {
          trainedSinceYield = 0;
          await deps.yieldToEventLoop();
        }
      }
      await deps.yieldToEventLoop();
    }
    await repository.replaceModels(organisationId, nowMs, [...series.values()]);
    const previous = organisations.get(organisationId);
    organisations.set(organisationId, {
      trainedAtMs: nowMs,
      series,
      scoredStepMs: previous?.scoredStepMs ?? 0,
    });
    return series.size;
  }

  /** The stored models of every organisation, as the last training left them (on start). */
  async function load(): Promise<void> {
    for (const stored of await repository.models()) {
      const series = new Map<string, SeriesModels>();
      for (const s of stored.series) series.set(seriesId(s.deviceId, s.metric, s.labels), s);
      organisations.set(stored.organisationId, {
        trainedAtMs: stored.trainedAtMs,
        series,
        scoredStepMs: organisations.get(stored.organisationId)?.scoredStepMs ?? 0,
      });
    }
  }

  /**
   * Judges the newest complete minute of every modelled series and stores `anomaly_score` and
   * `anomaly_bit` samples at that minute (published: alert rules see them). Answers the samples
   * written. A minute is judged once; a missed minute is not judged late.
   */
  async function score(organisationId: number, nowMs = deps.now()): Promise<MetricSample[]> {
    const state = organisations.get(organisationId);
    if (!state || state.series.size === 0) return [];
    const stepMs = Math.floor((nowMs - LATENESS_MS) / STEP_MS) * STEP_MS - STEP_MS;
    if (stepMs <= state.scoredStepMs) return [];
    state.scoredStepMs = stepMs;
    const byMetric = new Map<string, SeriesModels[]>();
    for (const s of state.series.values()) {
      const list = byMetric.get(s.metric) ?? [];
      list.push(s);
      byMetric.set(s.metric, list);
    }
    const samples: MetricSample[] = [];
    for (const [metric, modelled] of byMetric) {
      const widestStepMs = Math.max(...modelled.flatMap((s) => s.models.map((m) => m.stepMs)));
      const result = await store.queryRange({
        organisationId,
        metric,
        deviceIds: [...new Set(modelled.map((s) => s.deviceId))],
        fromMs: stepMs - (pointsPerVector(FEATURES) - 1) * widestStepMs,
        toMs: stepMs + STEP_MS - 1,
        stepMs: STEP_MS,
        aggregate: 'avg',
      });
      for (const stored of result.series) {
        const models = state.series.get(seriesId(stored.deviceId, metric, stored.labels));
        if (!models) continue;
        const judgement = judge(models.models, (modelStepMs) => {
          const last = featureVectors(
            pointsEvery(stored.points, modelStepMs, stepMs),
            modelStepMs,
          ).at(-1);
          return last?.atMs === stepMs ? last.values : undefined;
        });
        if (!judgement) continue;
        const labels = { ...stored.labels, [ANOMALY_SOURCE_LABEL]: metric };
        const common = { organisationId, deviceId: stored.deviceId, labels, timestampMs: stepMs };
        samples.push(
          {
            ...common,
            metric: ANOMALY_SCORE_METRIC,
            value: Math.round(Math.min(judgement.score, 1e6) * 1000) / 1000,
          },
          { ...common, metric: ANOMALY_BIT_METRIC, value: judgement.anomalous ? 1 : 0 },
        );
      }
    }
    if (samples.length > 0) await store.write(samples);
    return samples;
  }

  async function unusualNow(
    organisationId: number,
    scopeText: string,
    nowMs = deps.now(),
  ): Promise<AnomaliesResponse> {
    const scope = parseScope(scopeText);
    await checkScope(organisationId, scope);
    const devices = new Map(
      (await repository.devices(organisationId))
        .filter((d) => deviceInScope(scope, d))
        .map((d) => [d.id, d]),
    );
    const state = organisations.get(organisationId);
    const modelledPerDevice = new Map<number, number>();
    for (const s of state?.series.values() ?? [])
      if (devices.has(s.deviceId))
        modelledPerDevice.set(s.deviceId, (modelledPerDevice.get(s.deviceId) ?? 0) + 1);
    const windowMs = UNUSUAL_WINDOW_MINUTES * 60_000;
    const deviceIds = [...devices.keys()];
    const [bits, latest] =
      deviceIds.length === 0
        ? [{ series: [] }, []]
        : await Promise.all([
            store.queryRange({
              organisationId,
              metric: ANOMALY_BIT_METRIC,
              deviceIds,
              fromMs: nowMs - windowMs,
              toMs: nowMs,
              stepMs: STEP_MS,
              aggregate: 'avg',
            }),
            store.latest({
              organisationId,
              deviceIds,
              metrics: ANOMALY_METRICS,
              sinceMs: nowMs - windowMs,
            }),
          ]);
    const latestOf = new Map<string, { score?: number; bit?: number; atMs: number }>();
    for (const sample of latest) {
      const key = seriesId(sample.deviceId, '', sample.labels);
      const entry = latestOf.get(key) ?? { atMs: sample.timestampMs };
      if (sample.metric === ANOMALY_SCORE_METRIC) entry.score = sample.value;
      else entry.bit = sample.value;
      entry.atMs = Math.max(entry.atMs, sample.timestampMs);
      latestOf.set(key, entry);
    }
    const metrics: UnusualMetric[] = [];
    const rateSums = new Map<number, number>();
    for (const stored of bits.series) {
      const device = devices.get(stored.deviceId);
      if (!device || stored.points.length === 0) continue;
      const rate = (100 * stored.points.reduce((sum, [, v]) => sum + v, 0)) / stored.points.length;
      rateSums.set(device.id, (rateSums.get(device.id) ?? 0) + rate);
      const now = latestOf.get(seriesId(stored.deviceId, '', stored.labels));
      const anomalous = (now?.bit ?? 0) >= 1;
      if (rate === 0 && !anomalous) continue;
      metrics.push({
        deviceId: device.id,
        deviceName: device.name,
        deviceType: device.type,
        metric: stored.labels[ANOMALY_SOURCE_LABEL] ?? '',
        labels: sourceLabels(stored.labels),
        anomalyRatePercent: Math.round(rate * 10) / 10,
        score: now?.score ?? 0,
        anomalous,
        latestAt: new Date(now?.atMs ?? stored.points.at(-1)![0]).toISOString(),
      });
    }
    metrics.sort(
      (a, b) =>
        b.anomalyRatePercent - a.anomalyRatePercent ||
        b.score - a.score ||
        a.deviceName.localeCompare(b.deviceName),
    );
    const perDevice = new Map<number, UnusualDevice>();
    for (const m of metrics) {
      const entry = perDevice.get(m.deviceId) ?? {
        deviceId: m.deviceId,
        deviceName: m.deviceName,
        deviceType: m.deviceType,
        anomalyRatePercent: 0,
        score: 0,
        anomalousMetrics: 0,
        modelledMetrics: modelledPerDevice.get(m.deviceId) ?? 0,
      };
      entry.score = Math.max(entry.score, m.score);
      if (m.anomalous) entry.anomalousMetrics += 1;
      perDevice.set(m.deviceId, entry);
    }
    for (const entry of perDevice.values()) {
      const count = Math.max(entry.modelledMetrics, 1);
      entry.anomalyRatePercent =
        Math.round(Math.min(100, (rateSums.get(entry.deviceId) ?? 0) / count) * 10) / 10;
    }
    const ranked = [...perDevice.values()].sort(
      (a, b) =>
        b.anomalyRatePercent - a.anomalyRatePercent ||
        b.anomalousMetrics - a.anomalousMetrics ||
        b.score - a.score,
    );
    return {
      scope: scopeText,
      generatedAt: new Date(nowMs).toISOString(),
      windowMinutes: UNUSUAL_WINDOW_MINUTES,
      models: {
        modelledSeries: [...modelledPerDevice.values()].reduce((a, b) => a + b, 0),
        trainedAt: state ? new Date(state.trainedAtMs).toISOString() : null,
      },
      metrics: metrics.slice(0, MAX_LISTED),
      devices: ranked.slice(0, MAX_LISTED),
    };
  }

  async function forecasts(
    organisationId: number,
    scopeText: string,
    nowMs = deps.now(),
  ): Promise<ForecastsResponse> {
    const scope = parseScope(scopeText);
    await checkScope(organisationId, scope);
    const devices = (await repository.devices(organisationId)).filter((d) =>
      deviceInScope(scope, d),
    );
    const byId = new Map(devices.map((d) => [d.id, d]));
    const targets = forecastTargets(await deps.alertRules(organisationId));
    const fromMs = Math.floor((nowMs - FIT_DAYS * DAY_MS) / 3_600_000) * 3_600_000;
    const found: Forecast[] = [];
    const fits = new Map<string, ReturnType<Store['queryRange']>>();
    for (const target of targets) {
      const ids = devices.filter((d) => target.applies(d)).map((d) => d.id);
      if (ids.length === 0) continue;
      const key = `${target.metric}|${ids.join(',')}`;
      if (!fits.has(key))
        fits.set(
          key,
          store.queryRange({
            organisationId,
            metric: target.metric,
            deviceIds: ids,
            fromMs,
            toMs: nowMs,
            stepMs: 3_600_000,
            aggregate: 'avg',
          }),
        );
      const result = await fits.get(key)!;
      for (const stored of result.series) {
        const device = byId.get(stored.deviceId);
        if (!device) continue;
        const trend = fitTrend(stored.points);
        if (!trend) continue;
        found.push(forecastOf(target, device, stored.labels, stored.points, trend, nowMs));
      }
    }
    found.sort(
      (a, b) => (a.etaDays ?? Infinity) - (b.etaDays ?? Infinity) || b.slopePerDay - a.slopePerDay,
    );
    return {
      scope: scopeText,
      generatedAt: new Date(nowMs).toISOString(),
      fitDays: FIT_DAYS,
      horizonDays: HORIZON_DAYS,
      forecasts: found.slice(0, MAX_FORECASTS),
    };
  }

  function forecastOf(
    target: ForecastTarget,
    device: PlacedDevice,
    labels: Record<string, string>,
    points: [number, number][],
    trend: Trend,
    nowMs: number,
  ): Forecast {
    const crossing = timeToThreshold(
      trend,
      target.threshold,
      target.direction,
      nowMs,
      HORIZON_DAYS,
    );
    const until = Math.min(
      HORIZON_DAYS,
      Math.max(7, 1.25 * (crossing.latestDays ?? crossing.etaDays ?? crossing.earliestDays ?? 7)),
    );
    const subject =
      target.kind === 'capacity' && device.roomName
        ? `${device.roomName} (${device.name})`
        : device.name;
    const slopePerDay = trend.slope * DAY_MS;
    return {
      deviceId: device.id,
      deviceName: device.name,
      deviceType: device.type,
      roomName: device.roomName,
      kind: target.kind,
      metric: target.metric,
      labels,
      label: target.label,
      unit: target.unit,
      threshold: target.threshold,
      direction: target.direction,
      thresholdSource: target.source,
      currentValue: points.at(-1)![1],
      slopePerDay: Math.round(slopePerDay * 1e4) / 1e4,
      etaDays: round(crossing.etaDays),
      etaEarliestDays: round(crossing.earliestDays),
      etaLatestDays: round(crossing.latestDays),
      summary: forecastSummary({
        subject,
        label: target.label,
        ...crossing,
        horizonDays: HORIZON_DAYS,
        growing: target.direction === 'above' ? slopePerDay > 0 : slopePerDay < 0,
      }),
      history: points,
      projection: projection(trend, nowMs, until),
    };
  }

  return {
    train,
    load,
    score,
    unusualNow,
    forecasts,
    /** When the organisation's models were last trained (ms), or null. */
    trainedAtMs: (organisationId: number) => organisations.get(organisationId)?.trainedAtMs ?? null,
    /** Series of the organisation with trained models. */
    modelledSeries: (organisationId: number) => organisations.get(organisationId)?.series.size ?? 0,
  };
}

const round = (days: number | null) => (days === null ? null : Math.round(days * 100) / 100);

export type AnomaliesService = ReturnType<typeof createAnomaliesService>;
