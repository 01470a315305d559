import type { SensorStatus } from '@brezza/contract';
import { cx } from '@/components/ui/cx';

export const STATUS_STYLES: Record<SensorStatus, { dot: string; text: string; label: string }> = {
  green: { dot: 'bg-emerald-500', text: 'text-emerald-700', label: 'Normal' },
  yellow: { dot: 'bg-amber-400', text: 'text-amber-700', label: 'Warning' },
  red: { dot: 'bg-red-600', text: 'text-red-700', label: 'Fault' },
  unknown: { dot: 'bg-slate-300', text: 'text-slate-500', label: 'No status' },
};

/** A status colour with its word for screen readers (and a tooltip for everyone). */
export function StatusDot({ status, className }: { status: SensorStatus; className?: string }) {
  const style = STATUS_STYLES[status];
  return (
    <span
      role="img"
      aria-label={style.label}
      title={style.label}
      data-status={status}
      className={cx('inline-block h-2.5 w-2.5 shrink-0 rounded-full', style.dot, className)}
    />
  );
}
