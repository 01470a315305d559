import { DAY_MS, HOUR_MS } from './figures.js';

/** How the report writes its figures (PDF and mail alike): an operator's units, no false precision. */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const number = (value: number, decimals: number) =>
  value.toLocaleString('en-GB', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });

/** kWh below 10 MWh, MWh above. */
export function energy(kwh: number | null): string {
  if (kwh === null) return 'no data';
  if (Math.abs(kwh) >= 10_000) return `${number(kwh / 1000, 1)} MWh`;
  return `${number(kwh, kwh >= 100 ? 0 : 1)} kWh`;
}

export const power = (kw: number | null): string =>
  kw === null ? 'no data' : `${number(kw, kw >= 100 ? 0 : 1)} kW`;

export const percent = (share: number | null, decimals = 1): string =>
  share === null ? 'no data' : `${number(share * 100, decimals)} %`;

export function duration(ms: number): string {
  if (ms > 0 && ms < 60_000) return 'under 1 min';
  if (ms < HOUR_MS) return `${Math.round(ms / 60_000)} min`;
  if (ms < 2 * DAY_MS) return `${number(ms / HOUR_MS, 1)} h`;
  return `${number(ms / DAY_MS, 1)} days`;
}

/** A relative change as "+4.2 %" / "−3.0 %", or an en dash when there is nothing to compare. */
export const signedChange = (value: number | null): string =>
  value === null ? '–' : `${value >= 0 ? '+' : '\u2212'}${number(Math.abs(value) * 100, 1)} %`;

export const day = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};

/** A period `[fromMs, toMs)` in words: "October 2026", or "3 – 9 November 2026". */
export function period(fromMs: number, toMs: number): string {
  const from = new Date(fromMs);
  const last = new Date(toMs - DAY_MS);
  const to = new Date(toMs);
  if (from.getUTCDate() === 1 && to.getUTCDate() === 1 && toMs - fromMs <= 31 * DAY_MS) {
    if (from.getUTCMonth() === last.getUTCMonth()) {
      return `${MONTHS[from.getUTCMonth()]} ${from.getUTCFullYear()}`;
    }
  }
  if (fromMs === toMs - DAY_MS) return day(fromMs);
  if (from.getUTCFullYear() !== last.getUTCFullYear())
    return `${day(fromMs)} – ${day(last.getTime())}`;
  if (from.getUTCMonth() !== last.getUTCMonth()) {
    return `${from.getUTCDate()} ${MONTHS[from.getUTCMonth()]} – ${day(last.getTime())}`;
  }
  return `${from.getUTCDate()} – ${day(last.getTime())}`;
}

export const shortDay = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]!.slice(0, 3)}`;
};
