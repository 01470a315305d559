import type { Forecast } from '@brezza/contract';
import { forecastGeometry } from '../utils/chart';

const W = 320;
const H = 96;

/** History, the projected trend with its 90 % band, and the threshold, on one small chart. */
export function ForecastChart({ forecast }: { forecast: Forecast }) {
  const g = forecastGeometry(forecast, W, H);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="h-24 w-full"
      preserveAspectRatio="none"
      role="img"
      aria-label={`${forecast.summary} Chart of the last ${forecast.history.length} hours and the projection.`}
    >
      <path d={g.band} className="fill-sky-100" />
      <line
        x1={0}
        x2={W}
        y1={g.thresholdY}
        y2={g.thresholdY}
        className="stroke-red-400"
        strokeDasharray="4 3"
        vectorEffect="non-scaling-stroke"
      />
      <line
        x1={g.nowX}
        x2={g.nowX}
        y1={0}
        y2={H}
        className="stroke-slate-300"
        vectorEffect="non-scaling-stroke"
      />
      <path
        d={g.history}
        className="fill-none stroke-slate-700"
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
      />
      <path
        d={g.trend}
        className="fill-none stroke-sky-600"
        strokeWidth={1.5}
        strokeDasharray="5 3"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
