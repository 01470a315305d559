import type { Forecast } from '@brezza/contract';

export interface ChartGeometry {
  history: string;
  trend: string;
  band: string;
  thresholdY: number;
  nowX: number;
  yTicks: { y: number; value: number }[];
}

/**
 * SVG paths of a forecast in a `width` × `height` box: its history, the projected trend, the
 * band and the threshold, on one time axis and a value axis that holds them all. Pure.
 */
export function forecastGeometry(forecast: Forecast, width: number, height: number): ChartGeometry {
  const { history, projection, threshold } = forecast;
  const times = [...history.map(([t]) => t), ...projection.map((p) => p.atMs)];
  const values = [
    ...history.map(([, v]) => v),
    ...projection.flatMap((p) => [p.low, p.high]),
    threshold,
  ].filter(Number.isFinite);
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  let v0 = Math.min(...values);
  let v1 = Math.max(...values);
  if (v1 - v0 < 1e-9) {
    v0 -= 1;
    v1 += 1;
  }
  const pad = (v1 - v0) * 0.08;
  v0 -= pad;
  v1 += pad;
  const x = (t: number) => (t1 === t0 ? 0 : ((t - t0) / (t1 - t0)) * width);
  const y = (v: number) => height - ((v - v0) / (v1 - v0)) * height;
  const line = (points: [number, number][]) =>
    points
      .map(([t, v], i) => `${i === 0 ? 'M' : 'L'}${x(t).toFixed(1)},${y(v).toFixed(1)}`)
      .join('');
  const upper = projection.map((p) => [p.atMs, p.high] as [number, number]);
  const lower = [...projection].reverse().map((p) => [p.atMs, p.low] as [number, number]);
  return {
    history: line(history),
    trend: line(projection.map((p) => [p.atMs, p.value])),
    band: projection.length > 0 ? `${line([...upper, ...lower])}Z` : '',
    thresholdY: y(threshold),
    nowX: projection.length > 0 ? x(projection[0]!.atMs) : width,
    yTicks: [v0 + pad, (v0 + v1) / 2, v1 - pad].map((value) => ({ y: y(value), value })),
  };
}
