import type { AlignedData } from './series';

/**
 * A chart as CSV (RFC 4180): one row per instant in the window it shows, an ISO-8601 UTC time
 * column, then one column per series headed with its label and unit. Empty cells where a
 * series has no point.
 */
export function chartCsv(
  labels: readonly string[],
  unit: string,
  data: AlignedData,
  window: { fromMs: number; toMs: number },
): string {
  const suffix = unit ? ` (${unit})` : '';
  const header = ['time', ...labels.map((label) => `${label}${suffix}`)].map(csvCell);
  const rows = [header.join(',')];
  data.times.forEach((time, i) => {
    if (time < window.fromMs || time > window.toMs) return;
    const cells = data.values.map((row) => {
      const value = row[i];
      return value === null || value === undefined ? '' : String(value);
    });
    rows.push([new Date(time).toISOString(), ...cells].join(','));
  });
  return `${rows.join('\r\n')}\r\n`;
}

/** Quotes a cell that holds a comma, quote or line break; a leading = + - @ is defused too. */
export function csvCell(text: string): string {
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A file name for a chart's export: its title and window, in characters any system accepts. */
export function csvFileName(title: string, window: { fromMs: number; toMs: number }): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace(/[-:T]/g, '');
  return `${slug || 'chart'}-${stamp(window.fromMs)}-${stamp(window.toMs)}.csv`;
}
