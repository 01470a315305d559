/** The periods the efficiency pages offer, each ending now. */
export const PERIODS = [
  { id: '1h', label: '1 hour', ms: 3_600_000 },
  { id: '24h', label: '24 hours', ms: 86_400_000 },
  { id: '7d', label: '7 days', ms: 7 * 86_400_000 },
  { id: '30d', label: '30 days', ms: 30 * 86_400_000 },
] as const;
export type PeriodId = (typeof PERIODS)[number]['id'];

export const isPeriodId = (value: string | null): value is PeriodId =>
  PERIODS.some((p) => p.id === value);

/** `{ from, to }` as the API reads them (ISO-8601), the period ending at `nowMs`. */
export function periodRange(period: PeriodId, nowMs: number): { from: string; to: string } {
  const { ms } = PERIODS.find((p) => p.id === period)!;
  return { from: new Date(nowMs - ms).toISOString(), to: new Date(nowMs).toISOString() };
}

export const periodLabel = (period: PeriodId) => PERIODS.find((p) => p.id === period)!.label;
