import type { Datacenter, Rack, Room, Server } from '@brezza/contract';
import { IN_ROOM, UNASSIGNED } from './messages';
import { compareText, sortDevices, type SortState } from './sort';

/** The four lists the page loads (SPEC §7). */
export interface HierarchyLists {
  servers: Server[];
  datacenters: Datacenter[];
  rooms: Room[];
  racks: Rack[];
}

export const EMPTY_LISTS: HierarchyLists = { servers: [], datacenters: [], rooms: [], racks: [] };

/** A tree node; `id` is null for the 'Unassigned' group of its level. */
export interface RackNode {
  key: string;
  id: number | null;
  name: string;
  servers: Server[];
}
export interface RoomNode {
  key: string;
  id: number | null;
  name: string;
  racks: RackNode[];
}
export interface DatacenterNode {
  key: string;
  id: number | null;
  name: string;
  location: string | null;
  rooms: RoomNode[];
}

/** The keys of the rack-level nodes servers are listed in. */
export const rackKey = (rackId: number) => `rack:${rackId}`;
export const roomFloorKey = (roomId: number) => `room-floor:${roomId}`;
export const UNASSIGNED_RACK_KEY = 'rack:unassigned';

/**
 * Where `buildHierarchy` lists a server: in its rack, on the floor of its room (a device such as
 * a pCDU standing in a room without a rack), or in the 'Unassigned' rack when neither is in the
 * lists.
 */
export function serverPlace(
  server: Server,
  knownRacks: ReadonlySet<number>,
  knownRooms: ReadonlySet<number>,
): 'rack' | 'room-floor' | 'unassigned' {
  if (server.rackId === null && server.roomId !== null && knownRooms.has(server.roomId)) {
    return 'room-floor';
  }
  if (server.rackId !== null && knownRacks.has(server.rackId)) return 'rack';
  return 'unassigned';
}

const byName = <T extends { name: string; id: number }>(items: T[]) =>
  [...items].sort((a, b) => compareText(a.name, b.name) || a.id - b.id);

function groupBy<T>(
  items: readonly T[],
  parentOf: (item: T) => number | null,
  parents: Set<number>,
) {
  const groups = new Map<number, T[]>();
  const orphans: T[] = [];
  for (const item of items) {
    const parent = parentOf(item);
    if (parent === null || !parents.has(parent)) {
      orphans.push(item);
      continue;
    }
    const group = groups.get(parent);
    if (group) group.push(item);
    else groups.set(parent, [item]);
  }
  return { groups, orphans };
}

/**
 * SPEC §3 Hierarchy building: datacenter → room → rack → servers. An item whose parent is not in
 * the lists (none, or deleted) goes to the 'Unassigned' group of its level, which sits last,
 * under the 'Unassigned' group of the level above. Named groups are sorted by name; servers by
 * `sort` when given, else left in list order for the rack's table to sort when it is opened (at
 * 100,000 servers, sorting every rack up front is most of the build). Unassigned groups exist
 * only when they hold something.
 */
export function buildHierarchy(lists: HierarchyLists, sort?: SortState): DatacenterNode[] {
  const order = (group: Server[]) => (sort ? sortDevices(group, sort) : group);
  const knownRooms = new Set(lists.rooms.map((r) => r.id));
  const knownRacks = new Set(lists.racks.map((r) => r.id));
  // One pass over the servers (the long list): a pCDU standing in a room without a rack is
  // listed under that room, not as unassigned.
  const roomDevices = new Map<number, Server[]>();
  const servers = { groups: new Map<number, Server[]>(), orphans: [] as Server[] };
  const add = (groups: Map<number, Server[]>, parent: number, server: Server) => {
    const group = groups.get(parent);
    if (group) group.push(server);
    else groups.set(parent, [server]);
  };
  for (const server of lists.servers) {
    const place = serverPlace(server, knownRacks, knownRooms);
    if (place === 'room-floor') add(roomDevices, server.roomId!, server);
    else if (place === 'rack') add(servers.groups, server.rackId!, server);
    else servers.orphans.push(server);
  }
  const racks = groupBy(lists.racks, (r) => r.roomId, new Set(lists.rooms.map((r) => r.id)));
  const rooms = groupBy(
    lists.rooms,
    (r) => r.datacenterId,
    new Set(lists.datacenters.map((d) => d.id)),
  );

  const rackNode = (rack: Rack): RackNode => ({
    key: rackKey(rack.id),
    id: rack.id,
    name: rack.name,
    servers: order(servers.groups.get(rack.id) ?? []),
  });
  const roomNode = (room: Room): RoomNode => {
    const standing = roomDevices.get(room.id) ?? [];
    return {
      key: `room:${room.id}`,
      id: room.id,
      name: room.name,
      racks: [
        ...byName(racks.groups.get(room.id) ?? []).map(rackNode),
        // Not a rack: no id, so it has no edit or delete buttons, like the 'Unassigned' groups.
        ...(standing.length > 0
          ? [
              {
                key: roomFloorKey(room.id),
                id: null,
                name: IN_ROOM,
                servers: order(standing),
              },
            ]
          : []),
      ],
    };
  };

  const unassignedRack: RackNode[] =
    servers.orphans.length > 0
      ? [
          {
            key: UNASSIGNED_RACK_KEY,
            id: null,
            name: UNASSIGNED,
            servers: order(servers.orphans),
          },
        ]
      : [];
  const looseRacks = [...byName(racks.orphans).map(rackNode), ...unassignedRack];
  const unassignedRoom: RoomNode[] =
    looseRacks.length > 0
      ? [{ key: 'room:unassigned', id: null, name: UNASSIGNED, racks: looseRacks }]
      : [];
  const looseRooms = [...byName(rooms.orphans).map(roomNode), ...unassignedRoom];
  const unassignedDatacenter: DatacenterNode[] =
    looseRooms.length > 0
      ? [
          {
            key: 'datacenter:unassigned',
            id: null,
            name: UNASSIGNED,
            location: null,
            rooms: looseRooms,
          },
        ]
      : [];

  return [
    ...byName(lists.datacenters).map((dc) => ({
      key: `datacenter:${dc.id}`,
      id: dc.id,
      name: dc.name,
      location: dc.location,
      rooms: byName(rooms.groups.get(dc.id) ?? []).map(roomNode),
    })),
    ...unassignedDatacenter,
  ];
}

/** The names along a server's path, as the table view shows them; null where unassigned. */
export interface PathNames {
  datacenterName: string | null;
  roomName: string | null;
  rackName: string | null;
}

/**
 * Resolves a server's rack, room and datacenter names from the lists as they are now, so that a
 * rename or delete shows at once without reloading the servers. The table calls it for the rows
 * in view only.
 */
export function createPathNames(lists: HierarchyLists): (server: Server) => PathNames {
  const datacenters = new Map(lists.datacenters.map((d) => [d.id, d]));
  const rooms = new Map(lists.rooms.map((r) => [r.id, r]));
  const racks = new Map(lists.racks.map((r) => [r.id, r]));
  return (server) => {
    const rack = server.rackId === null ? undefined : racks.get(server.rackId);
    const roomId = rack ? rack.roomId : server.roomId;
    const room = roomId == null ? undefined : rooms.get(roomId);
    const datacenter = room?.datacenterId == null ? undefined : datacenters.get(room.datacenterId);
    return {
      rackName: rack?.name ?? null,
      roomName: room?.name ?? null,
      datacenterName: datacenter?.name ?? null,
    };
  };
}
