import type { ApiRequest } from '@/lib/api-client';

/** The API client's call, as `useApiClient()` gives it: passed in so the fetchers stay plain. */
export type Request = <T>(path: string, request?: ApiRequest) => Promise<T>;
