import { DEFAULT_PRESET, fixedRange, isPreset, type PresetId, type TimeRange } from './time-range';

/**
 * What a page shows, in its address so that a link shares it: `?range=7d`, or
 * `?from=<epoch ms>&to=<epoch ms>` for a fixed window, and `&refresh=30s` for auto-refresh.
 * Anything unreadable falls back to the default rather than to an error page.
 */
export const REFRESH_CHOICES = [
  { id: 'off', label: 'Off', seconds: 0 },
  { id: '10s', label: '10 s', seconds: 10 },
  { id: '30s', label: '30 s', seconds: 30 },
  { id: '1m', label: '1 min', seconds: 60 },
  { id: '5m', label: '5 min', seconds: 300 },
] as const;
export type RefreshId = (typeof REFRESH_CHOICES)[number]['id'];
/** Live samples already move the charts; a refresh also re-reads history (rollups, late pushes). */
export const DEFAULT_REFRESH: RefreshId = '1m';

export interface ViewState {
  range: TimeRange;
  refresh: RefreshId;
}

const isRefresh = (value: string): value is RefreshId =>
  REFRESH_CHOICES.some((choice) => choice.id === value);

export function refreshSeconds(id: RefreshId): number {
  return REFRESH_CHOICES.find((choice) => choice.id === id)!.seconds;
}

export function parseViewState(params: URLSearchParams): ViewState {
  const refreshParam = params.get('refresh') ?? '';
  const refresh = isRefresh(refreshParam) ? refreshParam : DEFAULT_REFRESH;
  const from = params.get('from');
  const to = params.get('to');
  if (from !== null && to !== null && /^\d+$/.test(from) && /^\d+$/.test(to)) {
    const range = fixedRange(Number(from), Number(to));
    if (range) return { range, refresh };
  }
  const preset = params.get('range') ?? '';
  return { range: { kind: 'preset', preset: isPreset(preset) ? preset : DEFAULT_PRESET }, refresh };
}

/**
 * The state written into the existing parameters (others are kept); defaults are left out so
 * that the plain page address stays plain.
 */
export function writeViewState(params: URLSearchParams, state: ViewState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['range', 'from', 'to', 'refresh']) next.delete(key);
  if (state.range.kind === 'fixed') {
    next.set('from', String(state.range.fromMs));
    next.set('to', String(state.range.toMs));
  } else if (state.range.preset !== DEFAULT_PRESET) {
    next.set('range', state.range.preset);
  }
  if (state.refresh !== DEFAULT_REFRESH) next.set('refresh', state.refresh);
  return next;
}

export const presetRange = (preset: PresetId): TimeRange => ({ kind: 'preset', preset });
