import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/cx';
import { PERIODS, type PeriodId } from '../utils/period';

export interface FigureProps {
  label: string;
  value: string;
  detail?: ReactNode;
  tone?: 'plain' | 'warning';
  testId?: string;
}

/** One KPI tile: a label, the figure, and a line on where it comes from. */
export function Figure({ label, value, detail, tone = 'plain', testId }: FigureProps) {
  return (
    <Card
      data-testid={testId}
      className={cx('min-w-0 p-4', tone === 'warning' && 'border-red-300 bg-red-50')}
    >
      <p className="text-xs font-medium text-slate-500">{label}</p>
      <p className="mt-0.5 truncate text-xl font-semibold text-ink tabular-nums">{value}</p>
      {detail && <p className="mt-0.5 text-xs text-slate-500">{detail}</p>}
    </Card>
  );
}

/** KPI tiles, two a row on a phone; `className` sets the wider screens' columns. */
export function FigureGrid({
  figures,
  className,
}: {
  figures: readonly FigureProps[];
  className: string;
}) {
  return (
    <div className={cx('grid grid-cols-2 gap-3', className)}>
      {figures.map((figure) => (
        <Figure key={figure.label} {...figure} />
      ))}
    </div>
  );
}

export function Section({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cx('min-w-0 p-4 sm:p-5', className)}>
      <section aria-label={title}>
        <h2 className="text-base font-semibold text-ink">{title}</h2>
        {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
        <div className="mt-3">{children}</div>
      </section>
    </Card>
  );
}

/** The period buttons: each period ends now. */
export function PeriodPicker({
  value,
  onChange,
  periods = PERIODS.map((p) => p.id),
}: {
  value: PeriodId;
  onChange: (period: PeriodId) => void;
  periods?: readonly PeriodId[];
}) {
  return (
    <div role="group" aria-label="Period" className="inline-flex rounded-lg bg-slate-100 p-0.5">
      {PERIODS.filter((p) => periods.includes(p.id)).map((p) => (
        <button
          key={p.id}
          type="button"
          aria-pressed={value === p.id}
          onClick={() => onChange(p.id)}
          className={cx(
            'rounded-md px-3 py-1.5 text-sm font-medium',
            value === p.id ? 'bg-white text-ink shadow-sm' : 'text-slate-600 hover:text-ink',
          )}
        >
          {p.label}
        </button>
      ))}
    </div>
  );
}
