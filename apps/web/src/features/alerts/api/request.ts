import type { ApiRequest } from '@/lib/api-client';

export type Request = <T>(path: string, request?: ApiRequest) => Promise<T>;

export const alertKeys = {
  all: ['alerts'] as const,
  list: (filters: { severity: string; scope: string }) => ['alerts', 'list', filters] as const,
  scopes: ['alerts', 'scopes'] as const,
  rules: ['alerts', 'rules'] as const,
  channels: ['alerts', 'channels'] as const,
  deliveries: ['alerts', 'deliveries'] as const,
  silences: ['alerts', 'silences'] as const,
  metricNames: ['alerts', 'metric-names'] as const,
};
