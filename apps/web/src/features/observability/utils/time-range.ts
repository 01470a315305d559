/**
 * The time range a page shows: a preset that ends now ("last 24 hours") and moves with time, or
 * a fixed window someone chose (a drag-zoom, the custom fields, a shared link). Pure functions.
 */
import { FREE_HISTORY_MS } from '@brezza/contract';

export const PRESETS = [
  { id: '15m', label: 'Last 15 minutes', seconds: 15 * 60 },
  { id: '1h', label: 'Last hour', seconds: 3600 },
  { id: '6h', label: 'Last 6 hours', seconds: 6 * 3600 },
  { id: '24h', label: 'Last 24 hours', seconds: 24 * 3600 },
  { id: '7d', label: 'Last 7 days', seconds: 7 * 86_400 },
  { id: '30d', label: 'Last 30 days', seconds: 30 * 86_400 },
] as const;
export type PresetId = (typeof PRESETS)[number]['id'];
export const DEFAULT_PRESET: PresetId = '24h';

export type TimeRange =
  { kind: 'preset'; preset: PresetId } | { kind: 'fixed'; fromMs: number; toMs: number };

/** The shortest window a zoom or the custom fields may choose, and the longest. */
export const MIN_WINDOW_MS = 60_000;
export const MAX_WINDOW_MS = 400 * 86_400_000;

/** Steps the query API is asked for: round numbers, so that buckets line up across charts. */
const STEPS_SECONDS = [
  15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400,
];
/** About this many points per chart: smooth at 1280 px without drawing more than a pixel. */
export const TARGET_POINTS = 360;

export function isPreset(value: string): value is PresetId {
  return PRESETS.some((preset) => preset.id === value);
}

export function presetSeconds(id: PresetId): number {
  return PRESETS.find((preset) => preset.id === id)!.seconds;
}

/** The window a range covers at `nowMs`. */
export function resolveRange(range: TimeRange, nowMs: number): { fromMs: number; toMs: number } {
  if (range.kind === 'fixed') return { fromMs: range.fromMs, toMs: range.toMs };
  return { fromMs: nowMs - presetSeconds(range.preset) * 1000, toMs: nowMs };
}

/** The smallest round step that keeps a window within about TARGET_POINTS points. */
export function stepFor(windowMs: number): number {
  const wanted = windowMs / 1000 / TARGET_POINTS;
  return STEPS_SECONDS.find((step) => step >= wanted) ?? STEPS_SECONDS[STEPS_SECONDS.length - 1]!;
}

/**
 * A fixed window from two instants in either order, kept within MIN_WINDOW_MS (widened around
 * its middle) and MAX_WINDOW_MS (the newest part kept); null when an instant is not a number.
 */
export function fixedRange(aMs: number, bMs: number): TimeRange | null {
  if (!Number.isFinite(aMs) || !Number.isFinite(bMs)) return null;
  let fromMs = Math.round(Math.min(aMs, bMs));
  let toMs = Math.round(Math.max(aMs, bMs));
  if (toMs - fromMs < MIN_WINDOW_MS) {
    const middle = Math.round((fromMs + toMs) / 2);
    fromMs = middle - MIN_WINDOW_MS / 2;
    toMs = middle + MIN_WINDOW_MS / 2;
  }
  if (toMs - fromMs > MAX_WINDOW_MS) fromMs = toMs - MAX_WINDOW_MS;
  return { kind: 'fixed', fromMs, toMs };
}

/**
 * Whether the window starts further back than an organisation without a plan may read
 * (`FREE_HISTORY_MS`: 'Last 24 hours' is still free, 'Last 7 days' is not).
 */
export function reachesBeyondFreeHistory(range: TimeRange, nowMs: number): boolean {
  return resolveRange(range, nowMs).fromMs < nowMs - FREE_HISTORY_MS;
}

/** Whether new samples can appear in the window: it reaches the present. */
export function isLive(range: TimeRange, nowMs: number): boolean {
  return range.kind === 'preset' || range.toMs >= nowMs - 60_000;
}

export function describeRange(range: TimeRange): string {
  if (range.kind === 'preset') return PRESETS.find((preset) => preset.id === range.preset)!.label;
  return `${formatInstant(range.fromMs)} – ${formatInstant(range.toMs)}`;
}

/** Local time, minutes precision, as the custom fields and range label show it. */
export function formatInstant(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The value of an `<input type="datetime-local">` for an instant, and back (local time). */
export function toDateTimeLocal(ms: number): string {
  return formatInstant(ms).replace(' ', 'T');
}

export function fromDateTimeLocal(value: string): number {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? new Date(value).getTime() : Number.NaN;
}
