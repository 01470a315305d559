import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SelectOption } from '@/components/ui/select-field';
import { deviceTypeText } from '../utils/counts';
import type { HierarchyLists } from '../utils/hierarchy';
import {
  buildSearchIndex,
  filterFromParams,
  filterLists,
  filterToParams,
  isFilterActive,
  type DeviceFilter,
  type FilteredLists,
} from '../utils/search';

/** Up to this many matches the tree opens every node leading to one. */
export const OPEN_MATCHES_UP_TO = 500;

/**
 * The search and filters, kept in the URL (`?q=&type=&status=&placement=`) so that a filtered
 * view can be shared and survives a reload. The box updates at once; the lists are narrowed
 * from a deferred copy, so typing never waits for 100,000 servers to be scanned.
 */
export function useDeviceFilter(lists: HierarchyLists) {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const [query, setQuery] = useState(filter.query);

  const setFilter = useCallback(
    (next: DeviceFilter) =>
      setParams((current) => filterToParams(next, current), { replace: true }),
    [setParams],
  );
  const onQuery = useCallback(
    (text: string) => {
      setQuery(text);
      setParams(
        (current) => filterToParams({ ...filterFromParams(current), query: text }, current),
        {
          replace: true,
        },
      );
    },
    [setParams],
  );

  const deferred = useDeferredValue(filter);
  const active = isFilterActive(deferred);
  // Built on the first search, then once per change of the lists.
  const index = useMemo(() => (active ? buildSearchIndex(lists) : null), [active, lists]);
  const filtered = useMemo<FilteredLists | null>(
    () => (index ? filterLists(lists, index, deferred, Date.now()) : null),
    [index, lists, deferred],
  );
  const typeOptions = useMemo<SelectOption[]>(() => {
    const ids = new Set<number>();
    for (const server of lists.servers) {
      if (server.deviceTypeId !== null) ids.add(server.deviceTypeId);
    }
    return [
      { value: 'server', label: deviceTypeText(null) },
      ...[...ids]
        .sort((a, b) => a - b)
        .map((id) => ({ value: String(id), label: deviceTypeText(id) })),
    ];
  }, [lists.servers]);

  return {
    filter,
    query,
    onQuery,
    setFilter,
    typeOptions,
    /** The lists the views show: narrowed while a filter is active. */
    lists: filtered?.lists ?? lists,
    count: filtered ? { matched: filtered.matched, total: filtered.total } : null,
    openKeys: filtered && filtered.matched <= OPEN_MATCHES_UP_TO ? filtered.openKeys : null,
  };
}
