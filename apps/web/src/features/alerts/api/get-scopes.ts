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
import { alertKeys, type Request } from './request';

export interface ScopeOption {
  value: string;
  label: string;
}

/** The organisation's hierarchy as scope pickers offer it, each list sorted by name. */
export interface Hierarchy {
  datacenter: ScopeOption[];
  room: ScopeOption[];
  rack: ScopeOption[];
  device: ScopeOption[];
}

const byLabel = (a: ScopeOption, b: ScopeOption) => a.label.localeCompare(b.label);

/** Datacenters, rooms, racks and devices: the places a rule, channel or filter can name. */
export async function getHierarchy(request: Request): Promise<Hierarchy> {
  const [datacenters, rooms, racks, servers] = await Promise.all([
    request<unknown>(DATACENTERS_PATH).then((b) => datacentersListSchema.parse(b).datacenters),
    request<unknown>(ROOMS_PATH).then((b) => roomsListSchema.parse(b).rooms),
    request<unknown>(RACKS_PATH).then((b) => racksListSchema.parse(b).racks),
    request<unknown>(SERVERS_PATH).then((b) => serversListSchema.parse(b).servers),
  ]);
  const roomName = new Map(rooms.map((r) => [r.id, r.name]));
  return {
    datacenter: datacenters.map((d) => ({ value: String(d.id), label: d.name })).sort(byLabel),
    room: rooms.map((r) => ({ value: String(r.id), label: r.name })).sort(byLabel),
    rack: racks
      .map((r) => ({
        value: String(r.id),
        label: r.roomId ? `${r.name} (${roomName.get(r.roomId) ?? ''})` : r.name,
      }))
      .sort(byLabel),
    device: servers.map((s) => ({ value: String(s.id), label: s.serverName })).sort(byLabel),
  };
}

export const hierarchyQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: alertKeys.scopes,
    queryFn: () => getHierarchy(request),
    staleTime: 60_000,
  });

/** The /alerts filter's places: `datacenter:3`, `room:5`, `rack:7`. */
export const filterOptions = (hierarchy: Hierarchy | undefined): ScopeOption[] =>
  hierarchy
    ? [
        ...hierarchy.datacenter.map((o) => ({
          value: `datacenter:${o.value}`,
          label: `Datacenter ${o.label}`,
        })),
        ...hierarchy.room.map((o) => ({ value: `room:${o.value}`, label: `Room ${o.label}` })),
        ...hierarchy.rack.map((o) => ({ value: `rack:${o.value}`, label: `Rack ${o.label}` })),
      ]
    : [];
