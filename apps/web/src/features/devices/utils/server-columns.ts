import { decodeColumn, type Server, type ServerColumns } from '@brezza/contract';

type Column = keyof ServerColumns['columns'];
type Kind = 'id' | 'text' | 'parent' | 'time' | 'deviceType';
const KINDS: Record<Column, Kind> = {
  id: 'id',
  serverName: 'text',
  publicIpv4: 'text',
  machineId: 'text',
  rackId: 'parent',
  deviceTypeId: 'parent',
  deviceType: 'deviceType',
  roomId: 'parent',
  lastSeenAt: 'time',
};
/** The columns that may come sparse, and the value they then usually hold. */
const SPARSE_USUAL: Partial<Record<Column, unknown>> = {
  deviceTypeId: null,
  deviceType: 'server',
  roomId: null,
  lastSeenAt: null,
};

const isId = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value > 0;

function valid(kind: Kind, value: unknown): boolean {
  switch (kind) {
    case 'id':
      return isId(value);
    case 'text':
      return typeof value === 'string';
    case 'parent':
      return value === null || isId(value);
    case 'deviceType':
      return value === 'server' || value === 'pcdu' || value === 'pdu';
    case 'time':
      return value === null || typeof value === 'string';
  }
}

/**
 * The compact list checked against `serverColumnsSchema`'s rules in one tight loop per column:
 * at 100,000 servers (up to 900,000 values) the schema's own per-element checks cost several
 * times more than reading the JSON. Throws, naming the column, on anything else.
 */
export function parseServerColumns(body: unknown): ServerColumns {
  const { count, columns } = (body ?? {}) as { count?: unknown; columns?: Record<string, unknown> };
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || !columns) {
    throw new Error('The servers list is not in the compact encoding.');
  }
  for (const [column, kind] of Object.entries(KINDS) as [Column, Kind][]) {
    const values = columns[column];
    const bad = (what: string) => new Error(`The servers list's ${column} column ${what}.`);
    if (Array.isArray(values)) {
      if (values.length !== count) throw bad(`does not hold ${count} values`);
      for (const value of values) if (!valid(kind, value)) throw bad(`holds ${String(value)}`);
      continue;
    }
    const sparse = values as { usual?: unknown; except?: unknown } | null;
    if (
      !(column in SPARSE_USUAL) ||
      typeof sparse !== 'object' ||
      sparse === null ||
      !('usual' in sparse) ||
      sparse.usual !== SPARSE_USUAL[column] ||
      !Array.isArray(sparse.except)
    ) {
      throw bad(`does not hold ${count} values`);
    }
    for (const pair of sparse.except as unknown[]) {
      if (!Array.isArray(pair) || pair.length !== 2) throw bad('holds a malformed exception');
      const [row, value] = pair as [unknown, unknown];
      if (!Number.isInteger(row) || (row as number) < 0 || (row as number) >= count) {
        throw bad(`names row ${String(row)} of ${count}`);
      }
      if (!valid(kind, value)) throw bad(`holds ${String(value)}`);
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
export function serversFromColumns({ count, columns: encoded }: ServerColumns): ListedServer[] {
  const columns = {
    ...encoded,
    deviceTypeId: decodeColumn(encoded.deviceTypeId, count),
    deviceType: decodeColumn(encoded.deviceType, count),
    roomId: decodeColumn(encoded.roomId, count),
    lastSeenAt: decodeColumn(encoded.lastSeenAt, count),
  };
  const servers = new Array<ListedServer>(count);
  for (let i = 0; i < count; i += 1) {
    servers[i] = {
      id: columns.id[i]!,
      serverName: columns.serverName[i]!,
      publicIpv4: columns.publicIpv4[i]!,
      machineId: columns.machineId[i]!,
      rackId: columns.rackId[i]!,
      deviceTypeId: columns.deviceTypeId[i]!,
      deviceType: columns.deviceType[i]!,
      roomId: columns.roomId[i]!,
      rackName: null,
      roomName: null,
      datacenterName: null,
      lastSeenAt: columns.lastSeenAt[i]!,
    };
  }
  return servers;
}
