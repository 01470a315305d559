import { cx } from '@/components/ui/cx';

export type DevicesView = 'hierarchy' | 'table';

const VIEWS: { view: DevicesView; label: string }[] = [
  { view: 'hierarchy', label: 'Hierarchy View' },
  { view: 'table', label: 'Table View' },
];

/** SPEC §2: switches between 'Hierarchy View' and 'Table View'. */
export function ViewToggle({
  view,
  onChange,
}: {
  view: DevicesView;
  onChange(view: DevicesView): void;
}) {
  return (
    <div
      role="group"
      aria-label="View"
      className="inline-flex rounded-lg border border-slate-200 bg-slate-100 p-1"
    >
      {VIEWS.map((option) => (
        <button
          key={option.view}
          type="button"
          aria-pressed={view === option.view}
          onClick={() => onChange(option.view)}
          className={cx(
            'rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
            view === option.view
              ? 'bg-white text-brand-700 shadow-sm ring-1 ring-slate-200'
              : 'text-slate-600 hover:text-ink',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
