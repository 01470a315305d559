import { queryOptions } from '@tanstack/react-query';
import {
  DATACENTERS_PATH,
  RACKS_PATH,
  ROOMS_PATH,
  datacentersListSchema,
  racksListSchema,
  roomsListSchema,
} from '@brezza/contract';
import { alertKeys, type Request } from './request';

export interface ScopeOption {
  value: string;
  label: string;
}

/** The datacenters, rooms and racks the alerts can be filtered by. */
export async function getScopes(request: Request): Promise<ScopeOption[]> {
  const [datacenters, rooms, racks] = await Promise.all([
    request<unknown>(DATACENTERS_PATH).then((b) => datacentersListSchema.parse(b).datacenters),
    request<unknown>(ROOMS_PATH).then((b) => roomsListSchema.parse(b).rooms),
    request<unknown>(RACKS_PATH).then((b) => racksListSchema.parse(b).racks),
  ]);
  return [
    ...datacenters.map((d) => ({ value: `datacenter:${d.id}`, label: `Datacenter ${d.name}` })),
    ...rooms.map((r) => ({ value: `room:${r.id}`, label: `Room ${r.name}` })),
    ...racks.map((r) => ({ value: `rack:${r.id}`, label: `Rack ${r.name}` })),
  ];
}

export const scopesQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: alertKeys.scopes,
    queryFn: () => getScopes(request),
    staleTime: 60_000,
  });
