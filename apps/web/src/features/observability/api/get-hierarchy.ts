import { queryOptions } from '@tanstack/react-query';
import {
  DATACENTERS_PATH,
  RACKS_PATH,
  ROOMS_PATH,
  SERVERS_PATH,
  datacentersListSchema,
  racksListSchema,
  roomsListSchema,
  serversListSchema,
} from '@brezza/contract';
import { buildHierarchy, type Hierarchy } from '../utils/hierarchy';
import { observabilityKeys, type Request } from './request';

/** The four hierarchy lists (SPEC §7), for names and the drill-down links. */
export async function getHierarchy(request: Request): Promise<Hierarchy> {
  const load = (path: string) =>
    request<unknown>(path, { fallbackError: 'Could not load the devices: {status}' });
  const [servers, datacenters, rooms, racks] = await Promise.all([
    load(SERVERS_PATH),
    load(DATACENTERS_PATH),
    load(ROOMS_PATH),
    load(RACKS_PATH),
  ]);
  return buildHierarchy({
    servers: serversListSchema.parse(servers).servers,
    datacenters: datacentersListSchema.parse(datacenters).datacenters,
    rooms: roomsListSchema.parse(rooms).rooms,
    racks: racksListSchema.parse(racks).racks,
  });
}

export const hierarchyQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: observabilityKeys.hierarchy,
    queryFn: () => getHierarchy(request),
    staleTime: 60_000,
  });
