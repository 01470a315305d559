import { z } from 'zod';

/**
 * The executive report (issue 14, item 5): one PDF of a period (energy, cooling, efficiency
 * trend, capacity headroom per room, alerts, availability; this period against the one before
 * it), the same figures as CSV, and the previous month's PDF mailed to the organisation's
 * admins on the first day of each month. Periods are whole UTC days, `from` included and `to`
 * excluded: October 2026 is `from=2026-10-01&to=2026-11-01`.
 */
export const EXECUTIVE_REPORT_PATH = '/api/reports/executive';
export const EXECUTIVE_REPORT_CSV_PATH = '/api/reports/executive.csv';
/** When the last monthly report was mailed, and when the next one goes. */
export const MONTHLY_REPORTS_PATH = '/api/reports/monthly';

/** The longest period one report covers. */
export const REPORT_MAX_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

export const REPORT_MESSAGES = {
  fromInvalid: 'from must be a date such as 2026-10-01.',
  toInvalid: 'to must be a date such as 2026-11-01.',
  reversed: 'to must be after from.',
  tooLong: `A report covers at most ${REPORT_MAX_DAYS} days.`,
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A day as YYYY-MM-DD, read as that day's start in UTC; null when it is not a real date. */
export function parseReportDate(text: string): number | null {
  if (!DATE.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) return null;
  return ms;
}

export const reportQuerySchema = z
  .object({
    from: z
      .string({ error: REPORT_MESSAGES.fromInvalid })
      .refine((text) => parseReportDate(text) !== null, REPORT_MESSAGES.fromInvalid)
      .describe('First day of the period (UTC), YYYY-MM-DD.'),
    to: z
      .string({ error: REPORT_MESSAGES.toInvalid })
      .refine((text) => parseReportDate(text) !== null, REPORT_MESSAGES.toInvalid)
      .describe('Day after the last day of the period (UTC), YYYY-MM-DD.'),
  })
  .transform((query) => ({
    from: query.from,
    to: query.to,
    fromMs: parseReportDate(query.from)!,
    toMs: parseReportDate(query.to)!,
  }))
  .refine((query) => query.toMs > query.fromMs, { message: REPORT_MESSAGES.reversed })
  .refine((query) => query.toMs - query.fromMs <= REPORT_MAX_DAYS * DAY_MS, {
    message: REPORT_MESSAGES.tooLong,
  });
export type ReportQuery = z.output<typeof reportQuerySchema>;

/** The calendar month before the one `nowMs` falls in, as a report period (UTC). */
export function previousMonth(nowMs: number): { from: string; to: string; month: string } {
  const now = new Date(nowMs);
  const to = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const start = new Date(to - DAY_MS);
  const from = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(from), to: day(to), month: day(from).slice(0, 7) };
}

/** The file name a report downloads as. */
export const reportFileName = (from: string, to: string, extension: 'pdf' | 'csv'): string =>
  `executive-report-${from}-to-${to}.${extension}`;

export const monthlyReportMailingSchema = z.object({
  /** The month reported, YYYY-MM. */
  month: z.string(),
  /** When the mail went out; null while it is being sent or after it failed. */
  sentAt: z.string().nullable(),
  recipients: z.array(z.string()),
  /** Why the last attempt failed, in an operator's words; null when it went out. */
  error: z.string().nullable(),
});
export type MonthlyReportMailing = z.infer<typeof monthlyReportMailingSchema>;

export const monthlyReportsSchema = z.object({
  /** The most recent monthly report mailing, or null before the first. */
  last: monthlyReportMailingSchema.nullable(),
  /** The first day of next month, when the month now running is mailed (ISO-8601, UTC). */
  nextAt: z.string(),
});
export type MonthlyReports = z.infer<typeof monthlyReportsSchema>;
