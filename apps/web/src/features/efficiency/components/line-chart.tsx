import { useWidth } from '../hooks/use-width';
import { niceTicks, timeLabel } from '../utils/ticks';

export interface LineSeries {
  label: string;
  /** A Tailwind-independent colour: the SVG strokes with it. */
  color: string;
  /** One value per time; null where nothing was measured (the line breaks there). */
  values: (number | null)[];
  dashed?: boolean;
}

type NumericKey<P> = { [K in keyof P]: P[K] extends number | null ? K : never }[keyof P];

/** Chart lines read from a series of points, each line one field of every point. */
export function linesOf<P>(
  points: readonly P[],
  lines: readonly (Omit<LineSeries, 'values'> & { field: NumericKey<P> })[],
): LineSeries[] {
  return lines.map(({ field, ...line }) => ({
    ...line,
    values: points.map((point) => point[field] as number | null),
  }));
}

interface LineChartProps {
  title: string;
  unit: string;
  times: number[];
  series: LineSeries[];
  height?: number;
  /** Periods shaded red (a flagged disagreement), epoch ms. */
  bands?: { fromMs: number; toMs: number }[];
  /** Dashed horizontal guides (a threshold). */
  guides?: { value: number; label: string }[];
  /** Start the axis at 0 (powers); off for temperatures. */
  fromZero?: boolean;
  /** The smallest span the axis shows: a steady reading stays flat instead of magnified noise. */
  minSpan?: number;
}

const PAD = { top: 12, right: 12, bottom: 26, left: 52 };

/** A time-series line chart drawn as SVG at its container's width. */
export function LineChart({
  title,
  unit,
  times,
  series,
  height = 220,
  bands = [],
  guides = [],
  fromZero = true,
  minSpan = 0,
}: LineChartProps) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const guideValues = guides.map((g) => g.value);
  const all = [...values, ...guideValues];
  const empty = values.length === 0 || times.length === 0;
  let low = fromZero ? Math.min(0, ...all) : Math.min(...all);
  let high = Math.max(...all);
  if (high - low < minSpan) {
    const centre = (high + low) / 2;
    low = centre - minSpan / 2;
    high = centre + minSpan / 2;
  }
  const yTicks = empty ? [0, 1] : niceTicks(low, high, 4);
  const yMin = yTicks[0]!;
  const yMax = yTicks.at(-1)!;
  const t0 = times[0] ?? 0;
  const t1 = times.at(-1) ?? 1;
  const plotWidth = Math.max(10, width - PAD.left - PAD.right);
  const plotHeight = height - PAD.top - PAD.bottom;
  const x = (t: number) => PAD.left + (t1 === t0 ? 0 : ((t - t0) / (t1 - t0)) * plotWidth);
  const y = (v: number) => PAD.top + plotHeight - ((v - yMin) / (yMax - yMin || 1)) * plotHeight;
  const xTickCount = Math.max(2, Math.min(6, Math.floor(plotWidth / 110)));
  const xTicks = Array.from(
    { length: xTickCount },
    (_, i) => t0 + ((t1 - t0) * i) / (xTickCount - 1),
  );

  const path = (line: (number | null)[]) => {
    let d = '';
    let pen = false;
    line.forEach((v, i) => {
      if (v === null) {
        pen = false;
        return;
      }
      d += `${pen ? 'L' : 'M'}${x(times[i]!).toFixed(1)},${y(v).toFixed(1)}`;
      pen = true;
    });
    return d;
  };

  return (
    <figure className="min-w-0">
      <figcaption className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <span className="text-sm font-semibold text-ink">
          {title} <span className="font-normal text-slate-500">({unit})</span>
        </span>
        <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
          {series.map((s) => (
            <span key={s.label} className="inline-flex items-center gap-1.5">
              <svg width="16" height="8" aria-hidden="true">
                <line
                  x1="0"
                  y1="4"
                  x2="16"
                  y2="4"
                  stroke={s.color}
                  strokeWidth="2.5"
                  strokeDasharray={s.dashed ? '4 3' : undefined}
                />
              </svg>
              {s.label}
            </span>
          ))}
        </span>
      </figcaption>
      <div ref={ref} className="mt-2 w-full">
        {empty ? (
          <p
            className="flex items-center justify-center rounded-lg bg-slate-50 text-sm text-slate-500"
            style={{ height }}
          >
            No measurements in this period.
          </p>
        ) : (
          <svg
            role="img"
            aria-label={`${title} (${unit})`}
            width={width}
            height={height}
            className="block overflow-visible"
          >
            {bands.map((band) => (
              <rect
                key={band.fromMs}
                x={x(Math.max(t0, band.fromMs))}
                y={PAD.top}
                width={Math.max(2, x(Math.min(t1, band.toMs)) - x(Math.max(t0, band.fromMs)))}
                height={plotHeight}
                fill="#fee2e2"
              />
            ))}
            {yTicks.map((tick) => (
              <g key={tick}>
                <line
                  x1={PAD.left}
                  x2={PAD.left + plotWidth}
                  y1={y(tick)}
                  y2={y(tick)}
                  stroke="#e2e8f0"
                />
                <text
                  x={PAD.left - 6}
                  y={y(tick)}
                  textAnchor="end"
                  dominantBaseline="middle"
                  className="fill-slate-500 text-[11px] tabular-nums"
                >
                  {tick}
                </text>
              </g>
            ))}
            {xTicks.map((tick, index) => (
              <text
                key={tick}
                x={x(tick)}
                y={height - 8}
                // The end labels stay inside the chart.
                textAnchor={index === 0 ? 'start' : index === xTicks.length - 1 ? 'end' : 'middle'}
                className="fill-slate-500 text-[11px]"
              >
                {timeLabel(tick, t1 - t0)}
              </text>
            ))}
            {guides.map((guide) => (
              <g key={guide.label}>
                <line
                  x1={PAD.left}
                  x2={PAD.left + plotWidth}
                  y1={y(guide.value)}
                  y2={y(guide.value)}
                  stroke="#dc2626"
                  strokeDasharray="5 4"
                />
                <text
                  x={PAD.left + plotWidth - 4}
                  y={y(guide.value) - 4}
                  textAnchor="end"
                  className="fill-red-700 text-[11px]"
                >
                  {guide.label}
                </text>
              </g>
            ))}
            {series.map((s) => (
              <path
                key={s.label}
                d={path(s.values)}
                fill="none"
                stroke={s.color}
                strokeWidth="2"
                strokeLinejoin="round"
                strokeDasharray={s.dashed ? '6 4' : undefined}
              />
            ))}
          </svg>
        )}
      </div>
    </figure>
  );
}
