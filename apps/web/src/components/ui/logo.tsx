import { cx } from './cx';

/** The product's mark: three lines of moving air in a rounded square. */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cx('shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <g fill="none" stroke="white" strokeWidth="2.4" strokeLinecap="round">
        <path d="M7 12.5h11.5a3.25 3.25 0 1 0-3.25-3.25" />
        <path d="M7 17h15.5a3.25 3.25 0 1 1-3.25 3.25" />
        <path d="M7 21.5h6.5" />
      </g>
    </svg>
  );
}

/** Mark and product name side by side. */
export function Logo({ name, className }: { name: string; className?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span className="text-xl font-bold tracking-tight text-ink">{name}</span>
    </span>
  );
}
