import { formatRackPath } from '@brezza/contract';
import type { HierarchyLists } from './hierarchy';
import { compareText } from './sort';

/**
 * Every rack as the installer's `--rack` names it: its path ("<datacenter> / <room> / <rack>"),
 * or its id when another rack has the same path (the path would be ambiguous).
 */
export function rackOptions(
  lists: Pick<HierarchyLists, 'datacenters' | 'rooms' | 'racks'>,
): { value: string; label: string }[] {
  const datacenters = new Map(lists.datacenters.map((d) => [d.id, d.name]));
  const rooms = new Map(lists.rooms.map((r) => [r.id, r]));
  const paths = lists.racks.map((rack) => {
    const room = rack.roomId === null ? undefined : rooms.get(rack.roomId);
    const datacenter =
      room?.datacenterId == null ? null : (datacenters.get(room.datacenterId) ?? null);
    return {
      id: rack.id,
      path: formatRackPath({ datacenter, room: room?.name ?? null, rack: rack.name }),
    };
  });
  const seen = new Map<string, number>();
  for (const { path } of paths) seen.set(path, (seen.get(path) ?? 0) + 1);
  return paths
    .map(({ id, path }) =>
      seen.get(path) === 1
        ? { value: path, label: path }
        : { value: String(id), label: `${path} (rack ${id})` },
    )
    .sort((a, b) => compareText(a.label, b.label));
}
