import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AlignedData } from '../utils/series';
import { formatTicks, formatValue } from '../utils/units';

/** Distinct on white and for the common colour-vision deficiencies (Okabe–Ito, darkened). */
export const SERIES_COLOURS = [
  '#0072b2',
  '#d55e00',
  '#009e73',
  '#cc79a7',
  '#e69f00',
  '#56b4e9',
  '#7a5c00',
  '#000000',
];

/** Every chart of a page shares its cursor: hovering one shows the same instant on all. */
const CURSOR_SYNC_KEY = 'brezza-observability';

export interface UPlotChartProps {
  labels: readonly string[];
  unit: string;
  data: AlignedData;
  window: { fromMs: number; toMs: number };
  yMin?: number;
  height: number;
  /** A drag over the plot chose this window (epoch ms). */
  onZoom: (fromMs: number, toMs: number) => void;
}

/** Narrowest value axis, so that the plots of a page line up; wider labels widen it. */
const MIN_VALUE_AXIS_PX = 72;

/**
 * The value axis as wide as its longest label: at a fixed width '3.81 MiB/s' lost its first
 * characters. uPlot keeps an axis' font as [font scaled to the screen's pixels, size, CSS size]
 * once built, though its types say string; the measure is in those pixels.
 */
const valueAxisSize: uPlot.Axis.Size = (u, values, axisIndex, cycle) => {
  const axis = u.axes[axisIndex] as uPlot.Axis & { _size?: number };
  if (cycle > 1 && axis._size !== undefined) return axis._size;
  const longest = (values ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');
  const [font] = axis.font as unknown as [string];
  u.ctx.font = font;
  const labelPx = u.ctx.measureText(longest).width / devicePixelRatio;
  const ticksPx = (axis.ticks?.size ?? 10) + (axis.gap ?? 5);
  return Math.max(MIN_VALUE_AXIS_PX, Math.ceil(labelPx + ticksPx + 4));
};

function buildOptions(props: UPlotChartProps, width: number): uPlot.Options {
  const { labels, unit, yMin, height, onZoom } = props;
  return {
    width,
    height,
    // Times are epoch seconds for uPlot; the API speaks milliseconds.
    ms: 1,
    cursor: {
      drag: { x: true, y: false, setScale: false },
      sync: { key: CURSOR_SYNC_KEY },
    },
    legend: { live: true },
    scales: {
      x: { time: true },
      y: {
        range: (_u, min, max) => {
          const low = yMin !== undefined ? Math.min(yMin, min) : min;
          const high = max > low ? max : low + 1;
          const pad = yMin !== undefined ? 0 : (high - low) * 0.08;
          return [low - pad, high + (high - low) * 0.08];
        },
      },
    },
    axes: [
      { stroke: '#64748b', grid: { stroke: '#f1f5f9' }, ticks: { stroke: '#e2e8f0' } },
      {
        stroke: '#64748b',
        grid: { stroke: '#f1f5f9' },
        ticks: { stroke: '#e2e8f0' },
        size: valueAxisSize,
        values: (_u, splits) => formatTicks(splits, unit),
      },
    ],
    series: [
      { label: 'Time', value: (_u, v) => (v === null ? '–' : new Date(v).toLocaleString()) },
      ...labels.map((label, i) => ({
        label,
        stroke: SERIES_COLOURS[i % SERIES_COLOURS.length],
        width: 1.5,
        spanGaps: false,
        points: { show: false },
        value: (_u: uPlot, v: number | null) => formatValue(v, unit),
      })),
    ],
    hooks: {
      setSelect: [
        (u) => {
          if (u.select.width < 5) return;
          const from = u.posToVal(u.select.left, 'x');
          const to = u.posToVal(u.select.left + u.select.width, 'x');
          u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
          onZoom(from, to);
        },
      ],
    },
  };
}

function toUPlotData(data: AlignedData): uPlot.AlignedData {
  return [data.times, ...data.values] as uPlot.AlignedData;
}

/**
 * A time-series chart drawn by uPlot (canvas; tens of thousands of points stay smooth). Hover
 * shows every line's value with its unit; dragging across the plot zooms the page to that span.
 */
export function UPlotChart(props: UPlotChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const { labels, unit, yMin, height } = props;
  const shape = `${labels.join('\u0000')}|${unit}|${yMin ?? ''}|${height}`;

  // Rebuilt when the lines or their unit change; data alone is swapped in place below.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const current = latest.current;
    const u = new uPlot(
      buildOptions(
        { ...current, onZoom: (a, b) => latest.current.onZoom(a, b) },
        element.clientWidth || 600,
      ),
      toUPlotData(current.data),
      element,
    );
    u.setScale('x', { min: current.window.fromMs, max: current.window.toMs });
    plot.current = u;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0)
        u.setSize({ width: element.clientWidth, height: latest.current.height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [shape]);

  useEffect(() => {
    const u = plot.current;
    if (!u) return;
    u.setData(toUPlotData(props.data), false);
    u.setScale('x', { min: props.window.fromMs, max: props.window.toMs });
  }, [props.data, props.window.fromMs, props.window.toMs]);

  return <div ref={container} className="brezza-uplot w-full" />;
}
