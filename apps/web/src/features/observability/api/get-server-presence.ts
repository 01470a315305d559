import { queryOptions } from '@tanstack/react-query';
import { SERVER_PRESENCE_PATH, serverPresenceSchema, type ServerPresence } from '@brezza/contract';
import { observabilityKeys, type Request } from './request';

/** GET /api/server-presence: when each server last sent a sample. */
export async function getServerPresence(request: Request): Promise<ServerPresence> {
  const body = await request<unknown>(SERVER_PRESENCE_PATH, {
    fallbackError: 'Could not load which servers are online: {status}',
  });
  return serverPresenceSchema.parse(body);
}

export const serverPresenceQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: observabilityKeys.presence,
    queryFn: () => getServerPresence(request),
    refetchInterval: 30_000,
  });
