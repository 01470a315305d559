import { SAMPLE_STALE_AFTER_SECONDS } from '@brezza/contract';
import { deviceTypeKey } from './counts';
import type { HierarchyLists } from './hierarchy';
import { ipv4Number } from './sort';
import type { ListedServer } from './server-columns';

/**
 * Search and filters of the Devices page (issue 16), as pure functions: one query box that
 * matches a server's name, public IPv4 (a prefix, the last octets, or a CIDR block), machine ID
 * and the names of its rack, room and datacenter; filters by type, status and placement. The
 * tree keeps the ancestors of what matches.
 */
export type StatusFilter = 'online' | 'offline';
export type PlacementFilter = 'unassigned';

export interface DeviceFilter {
  query: string;
  /** 'server' (no device type) or a device type id as text. */
  type: string | null;
  status: StatusFilter | null;
  placement: PlacementFilter | null;
}

export const EMPTY_FILTER: DeviceFilter = { query: '', type: null, status: null, placement: null };

/** URL search parameters: `?q=…&type=…&status=…&placement=…`. */
const PARAMS = { query: 'q', type: 'type', status: 'status', placement: 'placement' } as const;

export function filterFromParams(params: URLSearchParams): DeviceFilter {
  const status = params.get(PARAMS.status);
  const type = params.get(PARAMS.type);
  return {
    query: params.get(PARAMS.query) ?? '',
    type: type !== null && /^(server|pcdu|pdu|[1-9]\d{0,9})$/.test(type) ? type : null,
    status: status === 'online' || status === 'offline' ? status : null,
    placement: params.get(PARAMS.placement) === 'unassigned' ? 'unassigned' : null,
  };
}

/** The parameters with the filter's written in (empty ones removed), others kept. */
export function filterToParams(filter: DeviceFilter, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  const values: Record<keyof DeviceFilter, string | null> = {
    query: filter.query === '' ? null : filter.query,
    type: filter.type,
    status: filter.status,
    placement: filter.placement,
  };
  for (const [field, name] of Object.entries(PARAMS) as [keyof DeviceFilter, string][]) {
    const value = values[field];
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

export const isFilterActive = (filter: DeviceFilter) =>
  filter.query.trim() !== '' ||
  filter.type !== null ||
  filter.status !== null ||
  filter.placement !== null;

/** Whether only server-level filters narrow the list (then a container's name alone is no match). */
const hasServerFilter = (filter: DeviceFilter) =>
  filter.type !== null || filter.status !== null || filter.placement !== null;

/** A CIDR block `a.b.c.d/n` as its first address and mask, or null when the text is not one. */
export function parseCidr(text: string): { network: number; mask: number } | null {
  const match = /^\s*([0-9.]+)\/(\d{1,2})\s*$/.exec(text);
  if (!match) return null;
  const address = ipv4Number(match[1]!);
  const bits = Number(match[2]);
  if (address === null || bits > 32) return null;
  // 2**32 arithmetic: bit operators would work on signed 32-bit numbers.
  const size = 2 ** (32 - bits);
  return { network: address - (address % size), mask: size };
}

export function cidrContains(cidr: { network: number; mask: number }, address: number): boolean {
  return address >= cidr.network && address < cidr.network + cidr.mask;
}

const DOTTED = /^[0-9.]+$/;

/**
 * Whether a dotted-number query names this address: its start ("10.20." or "10.2"), or its
 * last whole octets ("45.67" or ".45.67" for x.x.45.67).
 */
export function ipv4Matches(query: string, address: string): boolean {
  if (address === '') return false;
  if (address.startsWith(query)) return true;
  const tail = query.startsWith('.') ? query : `.${query}`;
  return address.endsWith(tail);
}

/** 'online' when the server pushed within SAMPLE_STALE_AFTER_SECONDS of `now`, else 'offline'. */
export function serverStatus(server: { lastSeenAt?: string | null }, now: number): StatusFilter {
  if (!server.lastSeenAt) return 'offline';
  const seen = Date.parse(server.lastSeenAt);
  return Number.isFinite(seen) && now - seen <= SAMPLE_STALE_AFTER_SECONDS * 1000
    ? 'online'
    : 'offline';
}

/** What a query is looked for in, built once per lists. */
export interface SearchIndex {
  /** Each server's name and machine ID, lower-cased (apart: joining them costs more). */
  names: string[];
  machineIds: string[];
  /**
   * Where each device stands: PLACED_IN_RACK when its rack is in the lists, PLACED_IN_ROOM for a
   * pCDU standing in a room of the lists without a rack, else UNASSIGNED.
   */
  placed: Uint8Array;
  /** Each rack's own, room's and datacenter's names, lower-cased, by rack id. */
  rackPaths: Map<number, string>;
  /** Each room's own and datacenter's names, lower-cased, by room id. */
  roomPaths: Map<number, string>;
}

export const UNASSIGNED = 0;
export const PLACED_IN_RACK = 1;
export const PLACED_IN_ROOM = 2;

/**
 * Built once per lists, so that each keystroke only scans strings: 100,000 servers search in
 * tens of milliseconds. Path names are looked for in the few thousand racks, not per server,
 * and come from the lists as they are (a rename shows at once).
 */
export function buildSearchIndex(lists: HierarchyLists): SearchIndex {
  const datacenters = new Map(lists.datacenters.map((d) => [d.id, d.name]));
  const rooms = new Map(lists.rooms.map((r) => [r.id, r]));
  const rackPaths = new Map<number, string>();
  const roomPaths = new Map<number, string>();
  for (const room of lists.rooms) {
    const datacenter = room.datacenterId === null ? undefined : datacenters.get(room.datacenterId);
    roomPaths.set(room.id, `${room.name}\n${datacenter ?? ''}`.toLowerCase());
  }
  for (const rack of lists.racks) {
    const room = rack.roomId === null ? undefined : rooms.get(rack.roomId);
    const datacenter = room?.datacenterId == null ? undefined : datacenters.get(room.datacenterId);
    rackPaths.set(rack.id, `${rack.name}\n${room?.name ?? ''}\n${datacenter ?? ''}`.toLowerCase());
  }
  const count = lists.servers.length;
  const names = new Array<string>(count);
  const machineIds = new Array<string>(count);
  const placed = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) {
    const server = lists.servers[i]!;
    placed[i] =
      server.rackId !== null
        ? rackPaths.has(server.rackId)
          ? PLACED_IN_RACK
          : UNASSIGNED
        : server.roomId !== null && roomPaths.has(server.roomId)
          ? PLACED_IN_ROOM
          : UNASSIGNED;
    names[i] = server.serverName.toLowerCase();
    machineIds[i] = server.machineId.toLowerCase();
  }
  return { names, machineIds, placed, rackPaths, roomPaths };
}

/** Which servers pass the filter, as a mask over `lists.servers`, and how many. */
export function matchServers(
  lists: HierarchyLists,
  index: SearchIndex,
  filter: DeviceFilter,
  now: number,
): { mask: Uint8Array; count: number } {
  const query = filter.query.trim().toLowerCase();
  const cidr = parseCidr(query);
  const dotted = cidr === null && DOTTED.test(query) && query.includes('.');
  const racksFound = new Set<number>();
  const roomsFound = new Set<number>();
  if (query !== '' && cidr === null) {
    for (const [id, path] of index.rackPaths) if (path.includes(query)) racksFound.add(id);
    for (const [id, path] of index.roomPaths) if (path.includes(query)) roomsFound.add(id);
  }
  const mask = new Uint8Array(lists.servers.length);
  let count = 0;
  for (let i = 0; i < lists.servers.length; i += 1) {
    const server = lists.servers[i] as ListedServer;
    if (filter.placement === 'unassigned' && index.placed[i] !== UNASSIGNED) continue;
    if (filter.type !== null) {
      if (deviceTypeKey(server) !== filter.type) continue;
    }
    if (filter.status !== null && serverStatus(server, now) !== filter.status) continue;
    if (query !== '') {
      if (cidr !== null) {
        const address = ipv4Number(server.publicIpv4);
        if (address === null || !cidrContains(cidr, address)) continue;
      } else if (
        !index.names[i]!.includes(query) &&
        !index.machineIds[i]!.includes(query) &&
        !(index.placed[i] === PLACED_IN_RACK && racksFound.has(server.rackId!)) &&
        !(index.placed[i] === PLACED_IN_ROOM && roomsFound.has(server.roomId!)) &&
        !(dotted && ipv4Matches(query, server.publicIpv4.trim()))
      ) {
        continue;
      }
    }
    mask[i] = 1;
    count += 1;
  }
  return { mask, count };
}

export interface FilteredLists {
  lists: HierarchyLists;
  /** Servers that match, of all servers. */
  matched: number;
  total: number;
  /** Tree keys of the containers that hold a match: the nodes to open to show them. */
  openKeys: Set<string>;
}

/**
 * The lists narrowed to what matches, with every ancestor kept so that the tree still nests.
 * A datacenter, room or rack also matches by its own name (or an ancestor's) when the filter is
 * a query alone; it is then kept with what it holds that matches.
 */
export function filterLists(
  lists: HierarchyLists,
  index: SearchIndex,
  filter: DeviceFilter,
  now: number,
): FilteredLists {
  const { mask, count } = matchServers(lists, index, filter, now);
  const query = filter.query.trim().toLowerCase();
  const byName = query !== '' && !hasServerFilter(filter);

  const roomById = new Map(lists.rooms.map((room) => [room.id, room]));
  const rackById = new Map(lists.racks.map((rack) => [rack.id, rack]));
  const keptDatacenters = new Set<number>();
  const keptRooms = new Set<number>();
  const keptRacks = new Set<number>();
  const openKeys = new Set<string>();

  const keepRoom = (roomId: number, open: boolean) => {
    const room = roomById.get(roomId);
    if (!room) return;
    keptRooms.add(roomId);
    if (open) openKeys.add(`room:${roomId}`);
    if (room.datacenterId !== null) {
      keptDatacenters.add(room.datacenterId);
      if (open) openKeys.add(`datacenter:${room.datacenterId}`);
    }
  };
  const keepRack = (rackId: number, open: boolean) => {
    const rack = rackById.get(rackId);
    if (!rack) return;
    keptRacks.add(rackId);
    if (open) openKeys.add(`rack:${rackId}`);
    if (rack.roomId !== null) keepRoom(rack.roomId, open);
  };

  // Ancestors once per rack, not once per server: a search may match all 100,000.
  const racksWithMatches = new Set<number>();
  const roomsWithMatches = new Set<number>();
  const servers: HierarchyLists['servers'] = [];
  for (let i = 0; i < mask.length; i += 1) {
    if (mask[i] === 0) continue;
    const server = lists.servers[i]!;
    servers.push(server);
    if (index.placed[i] === PLACED_IN_RACK) racksWithMatches.add(server.rackId!);
    else if (index.placed[i] === PLACED_IN_ROOM) roomsWithMatches.add(server.roomId!);
    else openKeys.add('rack:unassigned').add('room:unassigned').add('datacenter:unassigned');
  }
  for (const rackId of racksWithMatches) keepRack(rackId, true);
  for (const roomId of roomsWithMatches) keepRoom(roomId, true);
  if (byName) {
    const names = new Map<number, string>(lists.datacenters.map((d) => [d.id, d.name]));
    const hit = (name: string | undefined) =>
      name !== undefined && name.toLowerCase().includes(query);
    for (const datacenter of lists.datacenters) {
      if (hit(datacenter.name)) keptDatacenters.add(datacenter.id);
    }
    for (const room of lists.rooms) {
      const inDatacenter = room.datacenterId === null ? undefined : names.get(room.datacenterId);
      if (hit(room.name) || hit(inDatacenter)) keepRoom(room.id, false);
    }
    for (const rack of lists.racks) {
      const room = rack.roomId === null ? undefined : roomById.get(rack.roomId);
      const inDatacenter = room?.datacenterId == null ? undefined : names.get(room.datacenterId);
      if (hit(rack.name) || hit(room?.name) || hit(inDatacenter)) keepRack(rack.id, false);
    }
  }
  return {
    lists: {
      servers,
      datacenters: lists.datacenters.filter((d) => keptDatacenters.has(d.id)),
      rooms: lists.rooms.filter((r) => keptRooms.has(r.id)),
      racks: lists.racks.filter((r) => keptRacks.has(r.id)),
    },
    matched: count,
    total: lists.servers.length,
    openKeys,
  };
}
