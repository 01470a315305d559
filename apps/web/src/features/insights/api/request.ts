import type { ApiRequest } from '@/lib/api-client';

export type Request = <T>(path: string, request?: ApiRequest) => Promise<T>;

export const insightKeys = {
  anomalies: (scope: string) => ['insights', 'anomalies', scope] as const,
  forecasts: (scope: string) => ['insights', 'forecasts', scope] as const,
};
