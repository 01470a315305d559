import { useCallback, useState } from 'react';

/** Up to this many servers the whole tree starts open; beyond it, only the datacenters. */
export const EXPAND_ALL_UP_TO = 200;

/** Whether a node starts expanded: everything in a small organisation, datacenters in a large one. */
export function startsExpanded(key: string, serverCount: number): boolean {
  return serverCount <= EXPAND_ALL_UP_TO || key.startsWith('datacenter:');
}

/**
 * Which tree nodes are open; kept across view switches and list changes, by node key. While a
 * search shows few enough matches, `openKeys` (the nodes leading to them) replaces the default,
 * and the person's own toggles count from the latest search on.
 */
export function useExpandedNodes(serverCount: number, openKeys: ReadonlySet<string> | null = null) {
  const [state, setState] = useState<{
    source: ReadonlySet<string> | null;
    overrides: ReadonlyMap<string, boolean>;
  }>({ source: null, overrides: new Map() });
  const overrides = state.source === openKeys ? state.overrides : undefined;
  const initial = useCallback(
    (key: string) => (openKeys ? openKeys.has(key) : startsExpanded(key, serverCount)),
    [openKeys, serverCount],
  );
  const isExpanded = useCallback(
    (key: string) => overrides?.get(key) ?? initial(key),
    [overrides, initial],
  );
  const toggle = useCallback(
    (key: string) =>
      setState((previous) => {
        const current = previous.source === openKeys ? previous.overrides : new Map();
        return {
          source: openKeys,
          overrides: new Map(current).set(key, !(current.get(key) ?? initial(key))),
        };
      }),
    [openKeys, initial],
  );
  return { isExpanded, toggle };
}
