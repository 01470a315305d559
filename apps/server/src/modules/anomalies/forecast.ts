import { linearRegression, probit } from 'simple-statistics';
import type { ForecastPoint } from '@brezza/contract';

/**
 * Time to threshold from a linear trend with a prediction interval (Prometheus' predict_linear,
 * with the band it lacks): ordinary least squares over the fit window (simple-statistics), and
 * the interval ŷ ± z·s·√(1 + 1/n + (x − x̄)²/Sxx) for a new observation, z for 90 %.
 */

export const BAND_COVERAGE = 0.9;
const Z = probit(1 - (1 - BAND_COVERAGE) / 2);
export const DAY_MS = 86_400_000;
/** Fewer points than this and there is no trend worth projecting. */
export const MIN_FIT_POINTS = 12;

export interface Trend {
  /** Value per millisecond. */
  slope: number;
  /** Value at `originMs`. */
  intercept: number;
  originMs: number;
  residualSd: number;
  n: number;
  meanX: number;
  sxx: number;
}

/** The least-squares trend of `[ms, value]` points; null with too few points or no spread in time. Pure. */
export function fitTrend(points: readonly (readonly [number, number])[]): Trend | null {
  const finite = points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
  if (finite.length < MIN_FIT_POINTS) return null;
  const originMs = finite[0]![0];
  // Hours from the first point: keeps the normal equations well conditioned.
  const xy = finite.map(([x, y]) => [(x - originMs) / 3_600_000, y] as [number, number]);
  const meanX = xy.reduce((sum, [x]) => sum + x, 0) / xy.length;
  const sxx = xy.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  if (sxx === 0) return null;
  const { m, b } = linearRegression(xy);
  const squared = xy.reduce((sum, [x, y]) => sum + (y - (m * x + b)) ** 2, 0);
  const residualSd = xy.length > 2 ? Math.sqrt(squared / (xy.length - 2)) : 0;
  return { slope: m / 3_600_000, intercept: b, originMs, residualSd, n: xy.length, meanX, sxx };
}

/** The trend's value and 90 % prediction interval at a time. Pure. */
export function predictAt(trend: Trend, atMs: number): ForecastPoint {
  const x = (atMs - trend.originMs) / 3_600_000;
  const value = trend.intercept + trend.slope * (atMs - trend.originMs);
  const half =
    Z * trend.residualSd * Math.sqrt(1 + 1 / trend.n + (x - trend.meanX) ** 2 / trend.sxx);
  return { atMs, value, low: value - half, high: value + half };
}

export interface Crossing {
  /** Days from `nowMs` until the trend crosses; null when not within the horizon. */
  etaDays: number | null;
  /** When the band's near edge crosses (the earliest plausible). */
  earliestDays: number | null;
  /** When the band's far edge crosses (the latest plausible); null: it may never within the horizon. */
  latestDays: number | null;
}

/**
 * When the trend and its band reach a threshold (`above`: rising to it; `below`: falling to it),
 * looked for hourly up to `horizonDays`. A value already past the threshold crosses at 0. Pure.
 */
export function timeToThreshold(
  trend: Trend,
  threshold: number,
  direction: 'above' | 'below',
  nowMs: number,
  horizonDays: number,
): Crossing {
  const past = (v: number) => (direction === 'above' ? v >= threshold : v <= threshold);
  let etaDays: number | null = null;
  let earliestDays: number | null = null;
  let latestDays: number | null = null;
  const hours = Math.ceil(horizonDays * 24);
  for (let h = 0; h <= hours; h += 1) {
    const point = predictAt(trend, nowMs + h * 3_600_000);
    const days = h / 24;
    const near = direction === 'above' ? point.high : point.low;
    const far = direction === 'above' ? point.low : point.high;
    if (earliestDays === null && past(near)) earliestDays = days;
    if (etaDays === null && past(point.value)) etaDays = days;
    if (latestDays === null && past(far)) {
      latestDays = days;
      break;
    }
  }
  return { etaDays, earliestDays, latestDays };
}

/** Points of the projection for a chart: `count` evenly spaced from now to `untilDays`. Pure. */
export function projection(
  trend: Trend,
  nowMs: number,
  untilDays: number,
  count = 48,
): ForecastPoint[] {
  const stepMs = (untilDays * DAY_MS) / (count - 1);
  return Array.from({ length: count }, (_, i) => predictAt(trend, nowMs + i * stepMs));
}

/** "9 days", "14 hours", "less than an hour". Pure. */
export function describeDays(days: number): string {
  if (days < 1 / 24) return 'less than an hour';
  if (days < 2) {
    const hours = Math.round(days * 24);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  const whole = Math.round(days);
  return `${whole} days`;
}
