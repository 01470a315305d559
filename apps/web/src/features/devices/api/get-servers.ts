import { queryOptions } from '@tanstack/react-query';
import { loadFailedMessage } from '@brezza/contract';
import { markDevices } from '../utils/marks';
import { shareServers } from '../utils/share-servers';
import { parseServerColumns, serversFromColumns, type ListedServer } from '../utils/server-columns';
import { devicesKeys, type Request } from './request';
import { SERVERS_CALL } from './list-calls';

/**
 * SPEC §7's GET /api/servers, in its compact encoding (`?encoding=columns`): one array per field
 * and no path names, a third of the bytes of `{ servers: [...] }` and checked column by column
 * rather than object by object, which is what keeps 100,000 servers under a second. SPEC §8's
 * message when it fails.
 */
export async function getServers(request: Request): Promise<ListedServer[]> {
  const body = await request<unknown>(SERVERS_CALL, {
    fallbackError: loadFailedMessage('servers', '{status}'),
    offMainThread: true,
  });
  const servers = serversFromColumns(parseServerColumns(body));
  markDevices('devices:servers-decoded');
  return servers;
}

export const serversQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: devicesKeys.servers,
    queryFn: () => getServers(request),
    structuralSharing: shareServers,
  });
