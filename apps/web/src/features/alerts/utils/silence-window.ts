import { SILENCE_MESSAGES } from '@brezza/contract';

/** A `datetime-local` value (to the minute) for a time, in the browser's time zone. */
export function localInput(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

export type WindowField = 'startsAt' | 'endsAt';
export type SilenceWindow =
  | { ok: true; startsAt: string; endsAt: string }
  | { ok: false; field: WindowField; message: string };

export const WINDOW_MESSAGES = {
  start: 'Choose when the silence starts.',
  end: 'Choose when the silence ends.',
} as const;

/**
 * A window typed in `datetime-local` fields (the browser's time zone) as the API takes it, or
 * what is wrong with it: the server's own rules, checked before sending. A start in the past is
 * fine (the silence holds from now).
 */
export function silenceWindow(startLocal: string, endLocal: string, nowMs: number): SilenceWindow {
  // A date and time without a zone is read as local time.
  const start = startLocal ? new Date(startLocal).getTime() : NaN;
  const end = endLocal ? new Date(endLocal).getTime() : NaN;
  if (Number.isNaN(start)) return { ok: false, field: 'startsAt', message: WINDOW_MESSAGES.start };
  if (Number.isNaN(end)) return { ok: false, field: 'endsAt', message: WINDOW_MESSAGES.end };
  if (end <= start) return { ok: false, field: 'endsAt', message: SILENCE_MESSAGES.endBeforeStart };
  if (end <= nowMs) return { ok: false, field: 'endsAt', message: SILENCE_MESSAGES.endPassed };
  return { ok: true, startsAt: new Date(start).toISOString(), endsAt: new Date(end).toISOString() };
}
