import type { ApiRequest } from '@/lib/api-client';

export type Request = <T>(path: string, request?: ApiRequest) => Promise<T>;

export const alertKeys = {
  all: ['alerts'] as const,
  list: (filters: { severity: string; scope: string }) => ['alerts', 'list', filters] as const,
  scopes: ['alerts', 'scopes'] as const,
};
