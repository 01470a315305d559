import { useCallback, useState } from 'react';

/** Up to this many servers the whole tree starts open; beyond it, only the datacenters. */
export const EXPAND_ALL_UP_TO = 200;

/** Whether a node starts expanded: everything in a small organisation, datacenters in a large one. */
export function startsExpanded(key: string, serverCount: number): boolean {
  return serverCount <= EXPAND_ALL_UP_TO || key.startsWith('datacenter:');
}

/** Which tree nodes are open; kept across view switches and list changes, by node key. */
export function useExpandedNodes(serverCount: number) {
  const [overrides, setOverrides] = useState<ReadonlyMap<string, boolean>>(new Map());
  const isExpanded = useCallback(
    (key: string) => overrides.get(key) ?? startsExpanded(key, serverCount),
    [overrides, serverCount],
  );
  const toggle = useCallback(
    (key: string) =>
      setOverrides((previous) =>
        new Map(previous).set(key, !(previous.get(key) ?? startsExpanded(key, serverCount))),
      ),
    [serverCount],
  );
  return { isExpanded, toggle };
}
