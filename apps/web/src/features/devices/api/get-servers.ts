import { queryOptions } from '@tanstack/react-query';
import { SERVERS_PATH, loadFailedMessage, serversListSchema, type Server } from '@brezza/contract';
import { devicesKeys, type Request } from './request';

/** SPEC §7: GET /api/servers answers { servers: [...] }; SPEC §8's message when it fails. */
export async function getServers(request: Request): Promise<Server[]> {
  const body = await request<unknown>(SERVERS_PATH, {
    fallbackError: loadFailedMessage('servers', '{status}'),
  });
  return serversListSchema.parse(body).servers;
}

export const serversQueryOptions = (request: Request) =>
  queryOptions({ queryKey: devicesKeys.servers, queryFn: () => getServers(request) });
