import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  EXECUTIVE_REPORT_CSV_PATH,
  EXECUTIVE_REPORT_PATH,
  REPORT_MESSAGES,
  reportFileName,
} from '@brezza/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { PlanGate } from '@/components/plan/plan-gate';
import { planRefusal } from '@/components/plan/plan-refusal';
import { useAccessToken } from '@/lib/auth';
import { useApiClient } from '@/lib/api-client';
import { monthlyReportsQueryOptions } from '../api/reports';
import { dayAfter, monthPeriod, recentMonths } from '../utils/periods';

type Mode = 'month' | 'custom';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short' });

/** The executive report of a month or of chosen days, as PDF and CSV, and the monthly mail. */
export function ReportsRoute() {
  const request = useApiClient();
  const getToken = useAccessToken();
  const months = recentMonths(Date.now());
  const [mode, setMode] = useState<Mode>('month');
  const [month, setMonth] = useState(months[0]!.value);
  const today = new Date().toISOString().slice(0, 10);
  const [fromDay, setFromDay] = useState(today);
  const [toDay, setToDay] = useState(today);
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const monthly = useQuery(monthlyReportsQueryOptions(request));

  if (planRefusal(monthly.error) === 'executiveReports') {
    return (
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">Reports</h1>
        <PlanGate feature="executiveReports" className="mt-4" />
      </main>
    );
  }

  const period =
    mode === 'month' ? monthPeriod(month) : { from: fromDay, to: toDay ? dayAfter(toDay) : '' };
  const invalid =
    mode === 'custom' && (!fromDay || !toDay || toDay < fromDay) ? REPORT_MESSAGES.reversed : null;

  // The files need the bearer token, so they are fetched and handed to the browser.
  const download = async (kind: 'pdf' | 'csv') => {
    setError(null);
    setBusy(kind);
    try {
      const path = kind === 'pdf' ? EXECUTIVE_REPORT_PATH : EXECUTIVE_REPORT_CSV_PATH;
      const query = new URLSearchParams(period).toString();
      const response = await fetch(`${path}?${query}`, {
        headers: { Authorization: `Bearer ${await getToken()}` },
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        throw new Error(body?.error ?? `The report could not be made (${response.status}).`);
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = reportFileName(period.from, period.to, kind);
      link.click();
      URL.revokeObjectURL(url);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The report could not be made.');
    } finally {
      setBusy(null);
    }
  };

  const last = monthly.data?.last;
  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Reports</h1>
      <p className="mt-1 text-sm text-slate-600">
        The executive report: energy, liquid cooling, efficiency trend, capacity headroom per room,
        alerts and availability, each against the period before. Days are in UTC.
      </p>
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <Card className="p-4 lg:col-span-2">
          <h2 className="text-lg font-semibold text-ink">Executive report</h2>
          <div className="mt-3 flex gap-2" role="radiogroup" aria-label="Period">
            {(['month', 'custom'] as const).map((m) => (
              <Button
                key={m}
                size="sm"
                variant={mode === m ? 'primary' : 'secondary'}
                role="radio"
                aria-checked={mode === m}
                onClick={() => setMode(m)}
              >
                {m === 'month' ? 'A month' : 'Chosen days'}
              </Button>
            ))}
          </div>
          {mode === 'month' ? (
            <SelectField
              className="mt-4 max-w-xs"
              label="Month"
              value={month}
              onChange={(event) => setMonth(event.target.value)}
              options={months}
            />
          ) : (
            <div className="mt-4 grid max-w-lg gap-3 sm:grid-cols-2">
              <TextField
                label="First day"
                type="date"
                value={fromDay}
                max={today}
                onChange={(event) => setFromDay(event.target.value)}
              />
              <TextField
                label="Last day"
                type="date"
                value={toDay}
                onChange={(event) => setToDay(event.target.value)}
              />
            </div>
          )}
          <div className="mt-5 flex flex-wrap gap-3">
            <Button disabled={!!invalid || busy !== null} onClick={() => void download('pdf')}>
              {busy === 'pdf' ? 'Preparing the PDF…' : 'Download PDF'}
            </Button>
            <Button
              variant="secondary"
              disabled={!!invalid || busy !== null}
              onClick={() => void download('csv')}
            >
              {busy === 'csv' ? 'Preparing the CSV…' : 'Download CSV'}
            </Button>
          </div>
          {invalid && <p className="mt-2 text-sm text-red-700">{invalid}</p>}
          {error && (
            <Alert tone="error" className="mt-3">
              {error}
            </Alert>
          )}
        </Card>
        <Card className="p-4">
          <h2 className="text-lg font-semibold text-ink">Monthly e-mail</h2>
          <p className="mt-1 text-sm text-slate-600">
            On the first day of each month, last month&apos;s report goes to the organisation&apos;s
            admins as a PDF.
          </p>
          {monthly.isPending ? (
            <p className="mt-3 text-sm text-slate-500">Loading…</p>
          ) : monthly.isError ? (
            <Alert tone="error" className="mt-3">
              {monthly.error.message}
            </Alert>
          ) : (
            <dl className="mt-3 space-y-2 text-sm" data-testid="monthly-status">
              <div>
                <dt className="font-medium text-slate-700">Last sent</dt>
                <dd className="text-ink">
                  {!last
                    ? 'No monthly report has been sent yet.'
                    : last.sentAt
                      ? `${last.month} report, ${when(last.sentAt)}, to ${last.recipients.join(', ')}`
                      : last.error
                        ? `${last.month} report: ${last.error}`
                        : `${last.month} report: being sent.`}
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-700">Next</dt>
                <dd className="text-ink">
                  {new Date(monthly.data.nextAt).toLocaleDateString('en-GB', {
                    dateStyle: 'long',
                    timeZone: 'UTC',
                  })}
                </dd>
              </div>
            </dl>
          )}
        </Card>
      </div>
    </main>
  );
}
