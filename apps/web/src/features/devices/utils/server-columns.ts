import type { Server, ServerColumns } from '@brezza/contract';

type Column = keyof ServerColumns['columns'];
const KINDS: Record<Column, 'id' | 'text' | 'parent' | 'time'> = {
  id: 'id',
  serverName: 'text',
  publicIpv4: 'text',
  machineId: 'text',
  rackId: 'parent',
  deviceTypeId: 'parent',
  lastSeenAt: 'time',
};

const isId = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value > 0;

/**
 * The compact list checked against `serverColumnsSchema`'s rules in one tight loop per column:
 * at 100,000 servers (700,000 values) the schema's own per-element checks cost several times
 * more than reading the JSON. Throws, naming the column, on anything else.
 */
export function parseServerColumns(body: unknown): ServerColumns {
  const { count, columns } = (body ?? {}) as { count?: unknown; columns?: Record<string, unknown> };
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || !columns) {
    throw new Error('The servers list is not in the compact encoding.');
  }
  for (const [column, kind] of Object.entries(KINDS) as [Column, string][]) {
    const values = columns[column];
    if (!Array.isArray(values) || values.length !== count) {
      throw new Error(`The servers list's ${column} column does not hold ${count} values.`);
    }
    for (const value of values) {
      const valid =
        kind === 'id'
          ? isId(value)
          : kind === 'text'
            ? typeof value === 'string'
            : kind === 'parent'
              ? value === null || isId(value)
              : value === null || typeof value === 'string';
      if (!valid) throw new Error(`The servers list's ${column} column holds ${String(value)}.`);
    }
  }
  return body as ServerColumns;
}

/** A server as the page holds it: SPEC §3's fields, and when it was last seen when known. */
export type ListedServer = Server & { lastSeenAt?: string | null };

/**
 * The compact list as server objects. Path names are left null: the page resolves them from the
 * racks, rooms and datacenters lists (`createPathNames`), so that a rename shows at once.
 */
export function serversFromColumns({ count, columns }: ServerColumns): ListedServer[] {
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
