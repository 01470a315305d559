import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SelectOption } from '@/components/ui/select-field';
import { deviceTypeKey, deviceTypeText } from '../utils/counts';
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

const NO_SERVERS: HierarchyLists['servers'] = [];

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
  // The URL this hook last asked for, until the router's params catch up: a navigation lands a
  // moment later, and a second change made before it (a filter picked right after typing) must
  // build on the first, not on the params of the last render.
  const asked = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    asked.current = null;
  }, [params]);
  const update = useCallback(
    (change: (current: DeviceFilter) => DeviceFilter) => {
      const base = asked.current ?? params;
      const next = filterToParams(change(filterFromParams(base)), base);
      asked.current = next;
      setParams(next, { replace: true });
    },
    [params, setParams],
  );

  /** Changes the given filters and keeps the others as they are. */
  const setFilter = useCallback(
    (change: Partial<DeviceFilter>) => update((current) => ({ ...current, ...change })),
    [update],
  );
  const onQuery = useCallback(
    (text: string) => {
      setQuery(text);
      update((current) => ({ ...current, query: text }));
    },
    [update],
  );

  const deferred = useDeferredValue(filter);
  const active = isFilterActive(deferred);
  // Built on the first search, then once per change of the lists.
  const index = useMemo(() => (active ? buildSearchIndex(lists) : null), [active, lists]);
  const filtered = useMemo<FilteredLists | null>(
    () => (index ? filterLists(lists, index, deferred, Date.now()) : null),
    [index, lists, deferred],
  );
  // Scanning 100,000 servers for their types waits until the lists have painted.
  const typedServers = useDeferredValue(lists.servers, NO_SERVERS);
  const typeOptions = useMemo<SelectOption[]>(() => {
    // One option per type present ('Server' always first), the equipment types next, then type ids.
    const labels = new Map<string, string>([['server', 'Server']]);
    for (const server of typedServers) {
      const key = deviceTypeKey(server);
      if (!labels.has(key)) labels.set(key, deviceTypeText(server));
    }
    const rank = (key: string) => (key === 'server' ? 0 : /^\d+$/.test(key) ? 2 : 1);
    return [...labels]
      .sort(([a], [b]) => rank(a) - rank(b) || Number(a) - Number(b) || a.localeCompare(b))
      .map(([value, label]) => ({ value, label }));
  }, [typedServers]);

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
