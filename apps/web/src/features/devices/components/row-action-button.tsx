import { cx } from '@/components/ui/cx';
import { Icon } from '@/components/ui/icon';
import { useEditable } from '../hooks/editable';

const ACTIONS = {
  edit: { title: 'Edit', icon: 'pencil', hover: 'hover:bg-slate-200 hover:text-ink' },
  delete: { title: 'Delete', icon: 'trash', hover: 'hover:bg-red-50 hover:text-red-700' },
} as const;

/** The pencil or bin on a row; `label` names the row, e.g. `Edit server rack-01-web`. */
export function RowActionButton({
  action,
  label,
  onClick,
}: {
  action: keyof typeof ACTIONS;
  label: string;
  onClick(): void;
}) {
  const { title, icon, hover } = ACTIONS[action];
  const editable = useEditable();
  if (!editable) return null;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`${title} ${label}`}
      title={title}
      className={cx(
        'rounded-md p-1.5 text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-600',
        hover,
      )}
    >
      <Icon name={icon} className="h-4 w-4" strokeWidth={2} />
    </button>
  );
}
