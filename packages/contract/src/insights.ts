import { z } from 'zod';
import { DEVICE_TYPES } from './equipment.js';

/**
 * Predictive analytics (issue 15, items 1–2; the Oro plan's `predictions`): per-metric anomaly
 * detection trained on the organisation's own history, and time-to-threshold forecasts.
 */

/**
 * The detector's output, stored as metric samples beside the data they judge (so they are
 * charted, retained and usable in alert rules like any metric). Each anomaly series carries the
 * judged series' labels plus `metric`, the judged metric's name.
 * - `anomaly_score`: distance of the latest behaviour from what the models learnt, where 1 is
 *   the farthest any training sample was (the smallest of the models' scores: they must agree).
 * - `anomaly_bit`: 1 when every model finds the sample anomalous, else 0; its average over a
 *   window is the anomaly rate.
 */
export const ANOMALY_SCORE_METRIC = 'anomaly_score';
export const ANOMALY_BIT_METRIC = 'anomaly_bit';
/** The label naming the judged metric on the anomaly series. */
export const ANOMALY_SOURCE_LABEL = 'metric';
/** The detector's own series, never judged themselves. */
export const ANOMALY_METRICS: readonly string[] = [ANOMALY_SCORE_METRIC, ANOMALY_BIT_METRIC];

export const ANOMALIES_PATH = '/api/anomalies';
export const FORECASTS_PATH = '/api/forecasts';

export const INSIGHT_MESSAGES = {
  scope: 'Scope must be organisation or look like datacenter:3, room:5, rack:7 or device:9.',
  scopeNotFound: 'That datacenter, room, rack or device is not in your organisation.',
} as const;

/** `?scope=organisation` (the default), `datacenter:3`, `room:5`, `rack:7` or `device:9`. */
export const insightScopeQuerySchema = z.object({
  scope: z
    .string()
    .regex(/^(organisation|(datacenter|room|rack|device):[1-9][0-9]{0,9})$/, INSIGHT_MESSAGES.scope)
    .default('organisation'),
});
export type InsightScopeQuery = z.infer<typeof insightScopeQuerySchema>;

const deviceFields = {
  deviceId: z.number().int().positive(),
  deviceName: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
};

export const unusualMetricSchema = z.object({
  ...deviceFields,
  metric: z.string(),
  /** The judged series' own labels (`mountpoint`, `outlet`, ...). */
  labels: z.record(z.string(), z.string()),
  /** Share of the window's samples every model found anomalous, 0–100. */
  anomalyRatePercent: z.number().min(0).max(100),
  /** The latest anomaly score (1 = as far as the farthest training sample). */
  score: z.number().min(0),
  /** Whether the latest sample was anomalous. */
  anomalous: z.boolean(),
  latestAt: z.string(),
});
export type UnusualMetric = z.infer<typeof unusualMetricSchema>;

export const unusualDeviceSchema = z.object({
  ...deviceFields,
  /** Mean anomaly rate of the device's modelled series over the window, 0–100. */
  anomalyRatePercent: z.number().min(0).max(100),
  /** The device's highest latest score. */
  score: z.number().min(0),
  /** Series whose latest sample was anomalous. */
  anomalousMetrics: z.number().int().min(0),
  modelledMetrics: z.number().int().min(0),
});
export type UnusualDevice = z.infer<typeof unusualDeviceSchema>;

/** `GET /api/anomalies`: what is unusual now, ranked (highest anomaly rate first). */
export const anomaliesResponseSchema = z.object({
  scope: z.string(),
  generatedAt: z.string(),
  /** The anomaly rate's window. */
  windowMinutes: z.number().int().positive(),
  models: z.object({
    /** Series of the scope with trained models. */
    modelledSeries: z.number().int().min(0),
    /** When the organisation's models were last trained; null before the first training. */
    trainedAt: z.string().nullable(),
  }),
  /** Series with a non-zero anomaly rate or an anomalous latest sample, at most 50. */
  metrics: z.array(unusualMetricSchema),
  /** Devices with at least one such series, at most 50. */
  devices: z.array(unusualDeviceSchema),
});
export type AnomaliesResponse = z.infer<typeof anomaliesResponseSchema>;

export const FORECAST_KINDS = ['temperature', 'flow', 'capacity'] as const;
export type ForecastKind = (typeof FORECAST_KINDS)[number];

export const forecastPointSchema = z.object({
  atMs: z.number(),
  value: z.number(),
  /** The prediction interval's edges (90 %). */
  low: z.number(),
  high: z.number(),
});
export type ForecastPoint = z.infer<typeof forecastPointSchema>;

export const forecastSchema = z.object({
  ...deviceFields,
  /** The device's room, for sentences like "Hall A reaches its cooling capacity". */
  roomName: z.string().nullable(),
  kind: z.enum(FORECAST_KINDS),
  metric: z.string(),
  labels: z.record(z.string(), z.string()),
  /** What crossing the threshold means, in the operator's words. */
  label: z.string(),
  unit: z.string(),
  threshold: z.number(),
  direction: z.enum(['above', 'below']),
  /** Where the threshold comes from: an alert rule's name, or the unit's limit. */
  thresholdSource: z.string(),
  currentValue: z.number(),
  /** The fitted trend, in the unit per day. */
  slopePerDay: z.number(),
  /** Days until the trend crosses the threshold; null when it does not within the horizon. */
  etaDays: z.number().nullable(),
  /** The band: earliest and latest crossing of the 90 % prediction interval (null: beyond). */
  etaEarliestDays: z.number().nullable(),
  etaLatestDays: z.number().nullable(),
  /** The sentence the app shows ("... in 9 days at the current growth"). */
  summary: z.string(),
  /** The history the trend was fitted on, `[ms, value]`. */
  history: z.array(z.tuple([z.number(), z.number()])),
  projection: z.array(forecastPointSchema),
});
export type Forecast = z.infer<typeof forecastSchema>;

/** `GET /api/forecasts`: time to threshold, soonest first. */
export const forecastsResponseSchema = z.object({
  scope: z.string(),
  generatedAt: z.string(),
  /** How far back the trend is fitted and how far ahead it is projected. */
  fitDays: z.number().positive(),
  horizonDays: z.number().positive(),
  forecasts: z.array(forecastSchema),
});
export type ForecastsResponse = z.infer<typeof forecastsResponseSchema>;
