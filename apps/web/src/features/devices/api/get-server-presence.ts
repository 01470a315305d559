import { queryOptions } from '@tanstack/react-query';
import { SERVER_PRESENCE_PATH, indexPresence, serverPresenceSchema } from '@brezza/contract';
import { devicesKeys, type Request } from './request';

/** GET /api/server-presence: when each server last sent a sample, indexed by server id. */
export async function getServerPresence(request: Request) {
  const body = await request<unknown>(SERVER_PRESENCE_PATH, {
    fallbackError: 'Could not load which servers are online: {status}',
  });
  const presence = serverPresenceSchema.parse(body);
  return { onlineWithinSeconds: presence.onlineWithinSeconds, status: indexPresence(presence) };
}

export const serverPresenceQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: devicesKeys.presence,
    queryFn: () => getServerPresence(request),
    refetchInterval: 30_000,
  });
