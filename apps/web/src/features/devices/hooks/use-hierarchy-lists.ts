import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { AUTHENTICATION_ERROR, ApiError } from '@/lib/api-client';
import { datacentersQueryOptions } from '../api/get-datacenters';
import { racksQueryOptions } from '../api/get-racks';
import { roomsQueryOptions } from '../api/get-rooms';
import { serversQueryOptions } from '../api/get-servers';
import { EMPTY_LISTS, type HierarchyLists } from '../utils/hierarchy';
import { LOAD_ERROR_MESSAGE } from '../utils/messages';
import { useDevicesSession } from './devices-session';

export interface HierarchyListsState {
  loading: boolean;
  /** SPEC §8's page banner, or null. */
  error: string | null;
  lists: HierarchyLists;
}

/** The page's message for failed loads: a 401 anywhere asks to sign in again (SPEC §8). */
export function loadErrorMessage(errors: unknown[]): string | null {
  if (errors.length === 0) return null;
  const unauthorised = errors.some((error) => error instanceof ApiError && error.status === 401);
  return unauthorised ? AUTHENTICATION_ERROR : LOAD_ERROR_MESSAGE;
}

/**
 * The four lists, fetched in parallel (SPEC §7). When any of them fails the page shows SPEC §8's
 * message and all lists are emptied, so that nothing half-loaded is shown as the truth.
 */
export function useHierarchyLists(): HierarchyListsState {
  const { request } = useDevicesSession();
  const [servers, datacenters, rooms, racks] = useQueries({
    queries: [
      serversQueryOptions(request),
      datacentersQueryOptions(request),
      roomsQueryOptions(request),
      racksQueryOptions(request),
    ],
  });
  const results = [servers, datacenters, rooms, racks];
  const error = loadErrorMessage(results.flatMap((result) => (result.error ? [result.error] : [])));
  const loading = !error && results.some((result) => result.isPending);
  // One object per change of any list, so that the tree is rebuilt only when data changes.
  const lists = useMemo<HierarchyLists>(
    () => ({
      servers: servers.data ?? [],
      datacenters: datacenters.data ?? [],
      rooms: rooms.data ?? [],
      racks: racks.data ?? [],
    }),
    [servers.data, datacenters.data, rooms.data, racks.data],
  );
  if (error || loading) return { loading, error, lists: EMPTY_LISTS };
  return { loading: false, error: null, lists };
}
