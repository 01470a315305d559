/** The report periods an operator picks: a calendar month (UTC), or days from–to inclusive. */

const pad = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;

export const dayAfter = (date: string): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** `YYYY-MM` → the month as `from`/`to` (the first day of the next month). */
export function monthPeriod(month: string): { from: string; to: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${pad(m + 1)}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

/** The last twelve months, newest first, this month (so far) included. */
export function recentMonths(nowMs: number): { value: string; label: string }[] {
  const now = new Date(nowMs);
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    const value = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
    const label = d.toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return { value, label: i === 0 ? `${label} (so far)` : label };
  });
}
