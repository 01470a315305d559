/** How the efficiency pages write figures: units always, a dash for what was not measured. */

const DASH = '—';

export function formatKw(kw: number | null | undefined): string {
  if (kw === null || kw === undefined) return DASH;
  if (Math.abs(kw) >= 1000) return `${(kw / 1000).toFixed(2)} MW`;
  return `${kw.toFixed(Math.abs(kw) < 10 ? 2 : 1)} kW`;
}

export function formatKwh(kwh: number | null | undefined): string {
  if (kwh === null || kwh === undefined) return DASH;
  if (Math.abs(kwh) >= 10_000) return `${(kwh / 1000).toFixed(1)} MWh`;
  return `${kwh.toFixed(Math.abs(kwh) < 100 ? 1 : 0)} kWh`;
}

export function formatPercent(value: number | null | undefined, decimals = 1): string {
  if (value === null || value === undefined) return DASH;
  return `${value.toFixed(decimals)} %`;
}

export function formatRatio(value: number | null | undefined): string {
  if (value === null || value === undefined) return DASH;
  return value.toFixed(3);
}

export function formatKelvin(value: number | null | undefined): string {
  if (value === null || value === undefined) return DASH;
  return `${value.toFixed(2)} K`;
}

/**
 * The change from the previous period, in percent of it, with its sign; null when either side
 * is missing or the previous one is 0.
 */
export function changePercent(
  current: number | null | undefined,
  previous: number | null | undefined,
): number | null {
  if (current === null || current === undefined || previous === null || previous === undefined) {
    return null;
  }
  if (previous === 0) return null;
  return (100 * (current - previous)) / Math.abs(previous);
}

export function formatChange(change: number | null): string {
  if (change === null) return 'no previous data';
  if (Math.abs(change) < 0.05) return 'unchanged';
  return `${change > 0 ? '+' : '−'}${Math.abs(change).toFixed(1)} % vs previous`;
}
