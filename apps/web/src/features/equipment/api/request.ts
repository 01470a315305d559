import type { ApiRequest } from '@/lib/api-client';

/** The API client's call, as `useApiClient()` gives it: passed in so the fetchers stay plain. */
export type Request = <T>(path: string, request?: ApiRequest) => Promise<T>;

export const equipmentKeys = {
  list: ['equipment', 'list'] as const,
  detail: (id: number) => ['equipment', 'detail', id] as const,
  commands: (id: number) => ['equipment', 'commands', id] as const,
  servers: ['equipment', 'servers'] as const,
  racks: ['equipment', 'racks'] as const,
  rooms: ['equipment', 'rooms'] as const,
};
