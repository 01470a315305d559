import { cx } from '@/components/ui/cx';
import { Icon } from '@/components/ui/icon';
import type { SortKey, SortState } from '../utils/sort';

/** A sortable column header: a button, with aria-sort on the header cell. */
export function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  className,
}: {
  label: string;
  sortKey: SortKey;
  sort: SortState;
  onSort(key: SortKey): void;
  className?: string;
}) {
  const active = sort.key === sortKey;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cx('px-3 py-2 text-left font-semibold', className)}
    >
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className={cx(
          'inline-flex items-center gap-1 rounded hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600',
          active ? 'text-ink' : 'text-slate-600',
        )}
      >
        {label}
        <span className="flex flex-col" aria-hidden="true">
          <Icon
            name="sortUp"
            strokeWidth={2}
            className={cx(
              '-mb-1.5 h-4 w-4',
              active && sort.direction === 'asc' ? 'fill-current' : 'opacity-40',
            )}
          />
          <Icon
            name="sortDown"
            strokeWidth={2}
            className={cx(
              'h-4 w-4',
              active && sort.direction === 'desc' ? 'fill-current' : 'opacity-40',
            )}
          />
        </span>
      </button>
    </th>
  );
}
