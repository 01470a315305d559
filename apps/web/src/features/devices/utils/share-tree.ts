import type { DatacenterNode, RackNode, RoomNode } from './hierarchy';

const sameItems = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * A rebuilt tree that keeps the previous tree's node objects wherever nothing under them changed
 * (same name, same children, the same server objects in the same order), so that rows memoised
 * on their node render again only where something changed: moving one server among 100,000
 * re-renders two racks and their ancestors, not every open row.
 */
export function shareTree(
  previous: readonly DatacenterNode[] | null,
  next: DatacenterNode[],
): DatacenterNode[] {
  if (!previous) return next;
  const racks = new Map<string, RackNode>();
  const rooms = new Map<string, RoomNode>();
  const datacenters = new Map<string, DatacenterNode>();
  for (const dc of previous) {
    datacenters.set(dc.key, dc);
    for (const room of dc.rooms) {
      rooms.set(room.key, room);
      for (const rack of room.racks) racks.set(rack.key, rack);
    }
  }
  const shareRack = (rack: RackNode): RackNode => {
    const before = racks.get(rack.key);
    return before &&
      before.id === rack.id &&
      before.name === rack.name &&
      sameItems(before.servers, rack.servers)
      ? before
      : rack;
  };
  const shareRoom = (room: RoomNode): RoomNode => {
    const shared = room.racks.map(shareRack);
    const before = rooms.get(room.key);
    if (
      before &&
      before.id === room.id &&
      before.name === room.name &&
      sameItems(before.racks, shared)
    ) {
      return before;
    }
    return { ...room, racks: shared };
  };
  const shared = next.map((dc): DatacenterNode => {
    const sharedRooms = dc.rooms.map(shareRoom);
    const before = datacenters.get(dc.key);
    if (
      before &&
      before.id === dc.id &&
      before.name === dc.name &&
      before.location === dc.location &&
      sameItems(before.rooms, sharedRooms)
    ) {
      return before;
    }
    return { ...dc, rooms: sharedRooms };
  });
  return sameItems(previous, shared) ? (previous as DatacenterNode[]) : shared;
}
