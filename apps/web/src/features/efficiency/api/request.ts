import type { ApiRequest } from '@/lib/api-client';

/** The app's API client, as `useApiClient()` returns it. */
export type Request = <T>(path: string, request?: ApiRequest) => Promise<T>;

/** TanStack Query keys of this feature. */
export const efficiencyKeys = {
  efficiency: (scope: string, period: string) => ['efficiency', 'summary', scope, period] as const,
  energyFlow: (scope: string, period: string) => ['efficiency', 'flow', scope, period] as const,
  ranking: (period: string) => ['efficiency', 'ranking', period] as const,
  settings: ['efficiency', 'settings'] as const,
  coolingPerformance: (id: number, period: string) =>
    ['efficiency', 'cooling-performance', id, period] as const,
};
