import type { ApiRequest } from '@/lib/api-client';

/** The app's API client, as `useApiClient()` returns it. */
export type Request = <T>(path: string, request?: ApiRequest) => Promise<T>;

/** TanStack Query keys of this feature. */
export const observabilityKeys = {
  hierarchy: ['observability', 'hierarchy'] as const,
  presence: ['observability', 'presence'] as const,
  query: (body: unknown) => ['observability', 'query', body] as const,
};
