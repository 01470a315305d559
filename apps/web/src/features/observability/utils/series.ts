/**
 * Chart data: the query API's series (each its own `[epochMs, value]` points) aligned on one
 * time axis, as uPlot draws them and as CSV exports them. Pure functions.
 */
export type Point = readonly [number, number];

export interface ChartSeries {
  /** What the legend and the CSV header call it (a server's name, 'Average', ...). */
  label: string;
  points: readonly Point[];
}

export interface AlignedData {
  /** Epoch milliseconds, ascending and distinct. */
  times: number[];
  /** One row per series, `null` where that series has no point at that time. */
  values: (number | null)[][];
}

export function alignSeries(series: readonly ChartSeries[]): AlignedData {
  const times = [...new Set(series.flatMap((one) => one.points.map(([time]) => time)))].sort(
    (a, b) => a - b,
  );
  const index = new Map(times.map((time, i) => [time, i]));
  const values = series.map((one) => {
    const row: (number | null)[] = new Array<number | null>(times.length).fill(null);
    for (const [time, value] of one.points) row[index.get(time)!] = value;
    return row;
  });
  return { times, values };
}

/**
 * Adds live samples to a series: later points appended in order, a point at an existing time
 * replacing it, and points older than `fromMs` dropped so that a moving window keeps its width.
 */
export function appendPoints(
  points: readonly Point[],
  added: readonly Point[],
  fromMs: number,
): Point[] {
  const byTime = new Map<number, number>();
  for (const [time, value] of points) byTime.set(time, value);
  for (const [time, value] of added) byTime.set(time, value);
  return [...byTime.entries()]
    .filter(([time]) => time >= fromMs)
    .sort((a, b) => a[0] - b[0])
    .map(([time, value]) => [time, value] as const);
}

/** The newest value of a series, for a chart's headline number. */
export function latestValue(series: ChartSeries | undefined): number | null {
  const last = series?.points.at(-1);
  return last ? last[1] : null;
}
