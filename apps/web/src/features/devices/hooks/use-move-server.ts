import { useCallback, useEffect, useRef } from 'react';
import { useUpdateServer } from '../api/update-server';
import type { HierarchyLists } from '../utils/hierarchy';

/**
 * A server row dropped on a rack (SPEC §4): sets its rack. A drop on a rack that is not in the
 * lists, or on the rack it is already in, does nothing. A failed move is only logged and the
 * list stays as it was (SPEC §8).
 */
export function useMoveServer(lists: HierarchyLists) {
  const { mutate } = useUpdateServer();
  // The same function across list changes, so that the tree's rows need not render again for it.
  const current = useRef(lists);
  useEffect(() => {
    current.current = lists;
  }, [lists]);
  return useCallback(
    (serverId: number, rackId: number) => {
      const lists = current.current;
      const server = lists.servers.find((candidate) => candidate.id === serverId);
      if (!server || server.rackId === rackId || !lists.racks.some((rack) => rack.id === rackId)) {
        return;
      }
      mutate(
        { id: serverId, body: { rackId } },
        { onError: (failure) => console.warn('Failed to move server:', failure) },
      );
    },
    [mutate],
  );
}
