import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { SERVER_PRESENCE_PATH, indexPresence, serverPresenceSchema } from '@brezza/contract';
import type { ApiRequest } from './api-client';

type Request = <T>(path: string, request?: ApiRequest) => Promise<T>;

/** GET /api/server-presence: when each server last sent a sample, indexed by server id. */
export async function getServerPresence(request: Request) {
  const body = await request<unknown>(SERVER_PRESENCE_PATH, {
    fallbackError: 'Could not load which servers are online: {status}',
  });
  const presence = serverPresenceSchema.parse(body);
  return { onlineWithinSeconds: presence.onlineWithinSeconds, status: indexPresence(presence) };
}

/**
 * Refreshed every 30 s. The key is the calling feature's, so that feature's own refreshes (a live
 * sample, an import) reach it and its call log records the request.
 */
export const serverPresenceQueryOptions = (request: Request, queryKey: QueryKey) =>
  queryOptions({
    queryKey,
    queryFn: () => getServerPresence(request),
    refetchInterval: 30_000,
  });
