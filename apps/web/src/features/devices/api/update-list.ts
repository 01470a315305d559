import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Changes a cached list in place, as SPEC §7 describes: no reload of the whole list. */
export function updateList<T>(queryClient: QueryClient, key: QueryKey, change: (list: T[]) => T[]) {
  queryClient.setQueryData<T[]>(key, (list) => change(list ?? []));
}

export const replaceById = <T extends { id: number }>(list: T[], item: T) =>
  list.map((existing) => (existing.id === item.id ? item : existing));

export const withoutId = <T extends { id: number }>(list: T[], id: number) =>
  list.filter((existing) => existing.id !== id);
