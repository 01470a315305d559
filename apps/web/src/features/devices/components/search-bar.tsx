import { useId } from 'react';
import type { SelectOption } from '@/components/ui/select-field';
import type { DeviceFilter, PlacementFilter, StatusFilter } from '../utils/search';

const STATUS_OPTIONS: SelectOption[] = [
  { value: '', label: 'Any status' },
  { value: 'online', label: 'Online' },
  { value: 'offline', label: 'Offline' },
];
const PLACEMENT_OPTIONS: SelectOption[] = [
  { value: '', label: 'Any placement' },
  { value: 'unassigned', label: 'Unassigned only' },
];

const control =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none';

/**
 * The Devices page's search box and filters (both views). `query` is what the box shows now;
 * `count` says "N of M devices" while a filter narrows the list.
 */
export function SearchBar({
  filter,
  query,
  typeOptions,
  count,
  onQuery,
  onChange,
}: {
  filter: DeviceFilter;
  query: string;
  typeOptions: SelectOption[];
  count: { matched: number; total: number } | null;
  onQuery(query: string): void;
  /** Changes the named filters; the others stay as they are. */
  onChange(change: Partial<DeviceFilter>): void;
}) {
  const id = useId();
  const select = (
    label: string,
    value: string | null,
    options: SelectOption[],
    set: (value: string) => void,
    className = '',
  ) => (
    <select
      aria-label={label}
      value={value ?? ''}
      onChange={(event) => set(event.target.value)}
      className={`${control} ${className}`}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
  const active = query !== '' || filter.type || filter.status || filter.placement;
  return (
    <div role="search" className="flex flex-col gap-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <label htmlFor={`${id}-q`} className="sr-only">
          Search devices
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={query}
          onChange={(event) => onQuery(event.target.value)}
          placeholder="Search name, IPv4 or CIDR, machine ID, rack, room, datacenter"
          autoComplete="off"
          spellCheck={false}
          className={`${control} min-w-0 sm:flex-1`}
        />
        {/* Two columns on a phone, so that no option is cut short. */}
        <div className="grid grid-cols-2 gap-2 sm:flex">
          {select('Type', filter.type, [{ value: '', label: 'Any type' }, ...typeOptions], (v) =>
            onChange({ type: v || null }),
          )}
          {select('Status', filter.status, STATUS_OPTIONS, (v) =>
            onChange({ status: (v || null) as StatusFilter | null }),
          )}
          {select(
            'Placement',
            filter.placement,
            PLACEMENT_OPTIONS,
            (v) => onChange({ placement: (v || null) as PlacementFilter | null }),
            'col-span-2',
          )}
        </div>
      </div>
      <div className="flex min-h-5 items-center justify-between gap-2 text-sm text-slate-600">
        <p aria-live="polite" data-testid="search-count">
          {count && `${count.matched} of ${count.total} devices`}
        </p>
        {active && (
          <button
            type="button"
            onClick={() => {
              onQuery('');
              onChange({ type: null, status: null, placement: null });
            }}
            className="rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            Clear filters
          </button>
        )}
      </div>
    </div>
  );
}
