import { ApiError, type ApiRequest } from '@/lib/api-client';
import { summariseResult, type DebugLog } from '../utils/debug-log';

/** The app's API client, as `useApiClient()` returns it. */
export type Request = <T>(path: string, request?: ApiRequest) => Promise<T>;

/** The same client, recording every call and its answer for the 'Debug Output' panel. */
export function withCallLog(request: Request, log: DebugLog): Request {
  return async <T>(path: string, init?: ApiRequest): Promise<T> => {
    const method = init?.method ?? 'GET';
    try {
      const result = await request<T>(path, init);
      log.recordCall({ method, path, outcome: 'OK', result: summariseResult(result) });
      return result;
    } catch (failure) {
      const outcome =
        failure instanceof ApiError
          ? `HTTP ${failure.status}: ${failure.message}`
          : `Failed: ${failure instanceof Error ? failure.message : String(failure)}`;
      log.recordCall({ method, path, outcome, result: '' });
      throw failure;
    }
  };
}

/** TanStack Query keys of the four lists; mutations update these caches in place. */
export const devicesKeys = {
  servers: ['devices', 'servers'] as const,
  datacenters: ['devices', 'datacenters'] as const,
  rooms: ['devices', 'rooms'] as const,
  racks: ['devices', 'racks'] as const,
  /** Not a list: when each server last sent a sample (online status), refreshed every 30 s. */
  presence: ['devices', 'presence'] as const,
};
