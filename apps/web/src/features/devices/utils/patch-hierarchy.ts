import type { Server } from '@brezza/contract';
import {
  UNASSIGNED_RACK_KEY,
  rackKey,
  roomFloorKey,
  serverPlace,
  type DatacenterNode,
  type HierarchyLists,
  type RackNode,
} from './hierarchy';

/** More changed servers than this and the tree is built again instead. */
const MOST_PATCHED = 64;

/** The key of the rack node (or room floor) `buildHierarchy` lists a server in. */
function groupKey(server: Server, knownRacks: Set<number>, knownRooms: Set<number>): string {
  const place = serverPlace(server, knownRacks, knownRooms);
  if (place === 'room-floor') return roomFloorKey(server.roomId!);
  if (place === 'rack') return rackKey(server.rackId!);
  return UNASSIGNED_RACK_KEY;
}

/** Whether `node` holds servers only while it has some (the room floor and Unassigned groups). */
const dropsWhenEmpty = (node: RackNode) => node.id === null;

/** The first index in `servers` (ascending ids) whose id is above `id`. */
function insertionIndex(servers: readonly Server[], id: number): number {
  let low = 0;
  let high = servers.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (servers[middle]!.id < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

function ascendingIds(servers: readonly Server[]): boolean {
  for (let i = 1; i < servers.length; i += 1) {
    if (servers[i - 1]!.id >= servers[i]!.id) return false;
  }
  return true;
}

/**
 * The tree of `next`, made from `tree` (the tree of `previous`) by moving the few servers that
 * changed, when that is all that changed: the same datacenters, rooms and racks, the same servers
 * in the same places of the list, in ascending ids (the server's order, so a rack's servers are
 * in list order by id). Answers what `shareTree(tree, buildHierarchy(next))` answers, without a
 * pass over every server: a move among 100,000 servers touches two racks (issue 10). Null when
 * the change is of another kind, or would add or remove a group; the caller builds the tree.
 */
export function patchHierarchy(
  previous: HierarchyLists,
  tree: readonly DatacenterNode[],
  next: HierarchyLists,
): DatacenterNode[] | null {
  if (
    previous.datacenters !== next.datacenters ||
    previous.rooms !== next.rooms ||
    previous.racks !== next.racks ||
    previous.servers.length !== next.servers.length
  ) {
    return null;
  }
  const changed: number[] = [];
  for (let i = 0; i < next.servers.length; i += 1) {
    if (previous.servers[i] === next.servers[i]) continue;
    if (previous.servers[i]!.id !== next.servers[i]!.id || changed.length === MOST_PATCHED) {
      return null;
    }
    changed.push(i);
  }
  if (changed.length === 0) return tree as DatacenterNode[];
  if (!ascendingIds(next.servers)) return null;

  // Where each rack node sits, and its servers as they will be.
  const places = new Map<string, { dc: number; room: number; rack: number }>();
  tree.forEach((dc, dcIndex) =>
    dc.rooms.forEach((room, roomIndex) =>
      room.racks.forEach((rack, rackIndex) =>
        places.set(rack.key, { dc: dcIndex, room: roomIndex, rack: rackIndex }),
      ),
    ),
  );
  const nodeAt = (key: string) => {
    const place = places.get(key);
    return place ? tree[place.dc]!.rooms[place.room]!.racks[place.rack]! : undefined;
  };
  const knownRacks = new Set(next.racks.map((rack) => rack.id));
  const knownRooms = new Set(next.rooms.map((room) => room.id));
  const groups = new Map<string, Server[]>();
  const serversOf = (key: string) => {
    let servers = groups.get(key);
    if (!servers) {
      const node = nodeAt(key);
      if (!node) return null;
      servers = [...node.servers];
      groups.set(key, servers);
    }
    return servers;
  };
  for (const index of changed) {
    const before = previous.servers[index]!;
    const after = next.servers[index]!;
    const from = serversOf(groupKey(before, knownRacks, knownRooms));
    const to = serversOf(groupKey(after, knownRacks, knownRooms));
    const at = from?.indexOf(before) ?? -1;
    if (!from || !to || at < 0) return null;
    from.splice(at, 1);
    to.splice(insertionIndex(to, after.id), 0, after);
  }

  const patched = [...tree];
  for (const [key, servers] of groups) {
    const place = places.get(key)!;
    const node = tree[place.dc]!.rooms[place.room]!.racks[place.rack]!;
    if (servers.length === 0 && dropsWhenEmpty(node)) return null;
    const dc = patched[place.dc]!;
    const room = dc.rooms[place.room]!;
    const racks = [...room.racks];
    racks[place.rack] = { ...node, servers };
    const rooms = [...dc.rooms];
    rooms[place.room] = { ...room, racks };
    patched[place.dc] = { ...dc, rooms };
  }
  return patched;
}
