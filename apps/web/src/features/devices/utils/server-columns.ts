import type { Server, ServerColumns } from '@brezza/contract';

/** A server as the page holds it: SPEC §3's fields, and when it was last seen when known. */
export type ListedServer = Server & { lastSeenAt?: string | null };

/**
 * The compact list as server objects. Path names are left null: the page resolves them from the
 * racks, rooms and datacenters lists (`createPathNames`), so that a rename shows at once.
 */
export function serversFromColumns({ count, columns }: ServerColumns): ListedServer[] {
  const lengths = Object.values(columns).map((column) => column.length);
  if (lengths.some((length) => length !== count)) {
    throw new Error(`The servers list is inconsistent: ${count} servers, columns of ${lengths}.`);
  }
  const servers = new Array<ListedServer>(count);
  for (let i = 0; i < count; i += 1) {
    servers[i] = {
      id: columns.id[i]!,
      serverName: columns.serverName[i]!,
      publicIpv4: columns.publicIpv4[i]!,
      machineId: columns.machineId[i]!,
      rackId: columns.rackId[i]!,
      deviceTypeId: columns.deviceTypeId[i]!,
      rackName: null,
      roomName: null,
      datacenterName: null,
      lastSeenAt: columns.lastSeenAt[i]!,
    };
  }
  return servers;
}
