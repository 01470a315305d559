import {
  HIERARCHY_COLUMNS,
  HIERARCHY_ROW_TYPES,
  agentServerNameSchema,
  datacenterBodySchema,
  formatRackPath,
  rackBodySchema,
  roomBodySchema,
  type HierarchyColumn,
  type HierarchyRow,
  type ImportOutcome,
  type ImportResult,
  type ImportRowResult,
} from '@brezza/contract';
import type { z } from 'zod';

/**
 * Bulk import and export of the hierarchy, as pure functions over a snapshot of the
 * organisation: export writes one row per datacenter, room, rack and server in a stable order;
 * planning reads rows back and says, row by row, what would be created, changed, left alone or
 * refused and why, with the writes that would do it. Containers are known by their names along
 * their path, servers by machine ID (servers join by the installer; an import never creates or
 * deletes one, and never deletes anything).
 */
export interface Snapshot {
  datacenters: { id: number; name: string; location: string }[];
  rooms: { id: number; name: string; datacenterId: number | null }[];
  racks: { id: number; name: string; roomId: number | null }[];
  servers: { id: number; serverName: string; machineId: string; rackId: number | null }[];
}

/** A row that exists (its id) or one the plan creates (its index among that level's creations). */
export type Ref = { id: number } | { created: number };

export interface ImportPlan {
  results: ImportRowResult[];
  counts: ImportResult['counts'];
  createDatacenters: { name: string; location: string }[];
  updateDatacenters: { id: number; location: string }[];
  createRooms: { name: string; datacenter: Ref | null }[];
  createRacks: { name: string; room: Ref | null }[];
  updateServers: { id: number; serverName: string | null; rack: Ref | null }[];
}

const SEP = '\u0000';
const roomKey = (datacenter: string, room: string) => `${datacenter}${SEP}${room}`;
const rackKey = (datacenter: string, room: string, rack: string) =>
  `${datacenter}${SEP}${room}${SEP}${rack}`;

/** Code-unit order: the same in every runtime and database, so an export is reproducible. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const emptyRow = (): HierarchyRow =>
  Object.fromEntries(HIERARCHY_COLUMNS.map((column) => [column, ''])) as HierarchyRow;

/** The names along each container's path, '' where a level is missing. */
function paths(snapshot: Snapshot) {
  const datacenters = new Map(snapshot.datacenters.map((d) => [d.id, d]));
  const roomPath = new Map<number, { datacenter: string; room: string }>();
  for (const room of snapshot.rooms) {
    const datacenter = room.datacenterId === null ? undefined : datacenters.get(room.datacenterId);
    roomPath.set(room.id, { datacenter: datacenter?.name ?? '', room: room.name });
  }
  const rackPath = new Map<number, { datacenter: string; room: string; rack: string }>();
  for (const rack of snapshot.racks) {
    const room = rack.roomId === null ? undefined : roomPath.get(rack.roomId);
    rackPath.set(rack.id, {
      datacenter: room?.datacenter ?? '',
      room: room?.room ?? '',
      rack: rack.name,
    });
  }
  return { roomPath, rackPath };
}

/**
 * The organisation as rows: datacenters, rooms, racks, then servers, each sorted by path and
 * name. Servers without a machine ID are left out: nothing could name them on the way back.
 */
export function exportRows(snapshot: Snapshot): HierarchyRow[] {
  const { roomPath, rackPath } = paths(snapshot);
  const rows: HierarchyRow[] = [];
  const sorted = <T>(items: T[], key: (item: T) => string[]) =>
    items
      .map((item) => ({ item, key: key(item) }))
      .sort((a, b) => {
        for (let i = 0; i < a.key.length; i += 1) {
          const order = compare(a.key[i]!, b.key[i]!);
          if (order !== 0) return order;
        }
        return 0;
      })
      .map((entry) => entry.item);

  for (const dc of sorted(snapshot.datacenters, (d) => [d.name, d.location])) {
    rows.push({ ...emptyRow(), type: 'datacenter', datacenter: dc.name, location: dc.location });
  }
  for (const path of sorted([...roomPath.values()], (p) => [p.datacenter, p.room])) {
    rows.push({ ...emptyRow(), type: 'room', datacenter: path.datacenter, room: path.room });
  }
  for (const path of sorted([...rackPath.values()], (p) => [p.datacenter, p.room, p.rack])) {
    rows.push({ ...emptyRow(), type: 'rack', ...path });
  }
  const unassigned = { datacenter: '', room: '', rack: '' };
  const servers = snapshot.servers
    .filter((server) => server.machineId !== '')
    .map((server) => ({
      server,
      path: (server.rackId === null ? undefined : rackPath.get(server.rackId)) ?? unassigned,
    }));
  for (const { server, path } of sorted(servers, (s) => [
    s.path.datacenter,
    s.path.room,
    s.path.rack,
    s.server.serverName,
    s.server.machineId,
  ])) {
    rows.push({
      ...emptyRow(),
      type: 'server',
      ...path,
      server: server.serverName,
      machineId: server.machineId,
    });
  }
  return rows;
}

/** Which columns each row type reads; any other must be empty. */
const USED: Record<(typeof HIERARCHY_ROW_TYPES)[number], HierarchyColumn[]> = {
  datacenter: ['type', 'datacenter', 'location'],
  room: ['type', 'datacenter', 'room'],
  rack: ['type', 'datacenter', 'room', 'rack'],
  server: ['type', 'datacenter', 'room', 'rack', 'server', 'machineId'],
};

class Refused extends Error {}
const refuse = (reason: string): never => {
  throw new Refused(reason);
};

function valid<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) refuse(parsed.error.issues[0]?.message ?? 'Invalid value.');
  return (parsed as { data: z.output<S> }).data;
}

/** Index of names to ids, several ids meaning the name is ambiguous. */
function indexBy<T>(items: T[], key: (item: T) => string, id: (item: T) => number) {
  const index = new Map<string, number[]>();
  for (const item of items) {
    const k = key(item);
    const ids = index.get(k);
    if (ids) ids.push(id(item));
    else index.set(k, [id(item)]);
  }
  return index;
}

/**
 * What importing `rows` into `snapshot` would do. Rows are planned level by level (datacenters,
 * then rooms, racks and servers), so a row may name a container created further down the file;
 * results are in file order, `row` 1 being the first row after the CSV header.
 */
export function planImport(snapshot: Snapshot, rows: readonly HierarchyRow[]): ImportPlan {
  const { roomPath, rackPath } = paths(snapshot);
  const datacenters = indexBy(
    snapshot.datacenters,
    (d) => d.name,
    (d) => d.id,
  );
  const locations = new Map(snapshot.datacenters.map((d) => [d.id, d.location]));
  const rooms = indexBy(
    [...roomPath],
    ([, p]) => roomKey(p.datacenter, p.room),
    ([id]) => id,
  );
  const racks = indexBy(
    [...rackPath],
    ([, p]) => rackKey(p.datacenter, p.room, p.rack),
    ([id]) => id,
  );
  const servers = indexBy(
    snapshot.servers,
    (s) => s.machineId,
    (s) => s.id,
  );
  const serverById = new Map(snapshot.servers.map((s) => [s.id, s]));

  const plan: ImportPlan = {
    results: new Array<ImportRowResult>(rows.length),
    counts: { created: 0, changed: 0, unchanged: 0, refused: 0 },
    createDatacenters: [],
    updateDatacenters: [],
    createRooms: [],
    createRacks: [],
    updateServers: [],
  };
  // Containers created by this file, and the row that named each key first.
  const newDatacenters = new Map<string, number>();
  const newRooms = new Map<string, number>();
  const newRacks = new Map<string, number>();
  const seen = new Map<string, number>();

  /** An existing container by key, or one this file creates; refused when ambiguous. */
  const resolve = (
    existing: Map<string, number[]>,
    created: Map<string, number>,
    key: string,
    what: string,
  ): Ref | undefined => {
    const ids = existing.get(key);
    if (ids && ids.length > 1) {
      refuse(
        `Several ${what}s are named this way (ids ${ids.join(', ')}); rename one in the app first.`,
      );
    }
    if (ids) return { id: ids[0]! };
    const index = created.get(key);
    return index === undefined ? undefined : { created: index };
  };

  const record = (
    index: number,
    row: HierarchyRow,
    name: string,
    outcome: ImportOutcome,
    detail?: string,
  ) => {
    plan.results[index] = {
      row: index + 1,
      type: row.type,
      name,
      outcome,
      ...(detail === undefined ? {} : { detail }),
    };
    plan.counts[outcome] += 1;
  };

  const levels = ['datacenter', 'room', 'rack', 'server'] as const;
  const trimmed = rows.map((row): HierarchyRow => ({
    type: row.type.trim(),
    datacenter: row.datacenter.trim(),
    location: row.location.trim(),
    room: row.room.trim(),
    rack: row.rack.trim(),
    server: row.server.trim(),
    machineId: row.machineId.trim(),
  }));

  // Rows of an unknown type, and columns that do not apply, are refused before anything else.
  const checked = trimmed.map((row, index) => {
    const type = row.type.toLowerCase() as (typeof levels)[number];
    try {
      if (!levels.includes(type)) {
        refuse(`type must be one of ${HIERARCHY_ROW_TYPES.join(', ')} (got "${row.type}").`);
      }
      for (const column of HIERARCHY_COLUMNS) {
        if (row[column] !== '' && !USED[type].includes(column)) {
          refuse(`${column} does not apply to a ${type} row; leave it empty.`);
        }
      }
      return type;
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      record(
        index,
        row,
        row.server || row.rack || row.room || row.datacenter,
        'refused',
        error.message,
      );
      return null;
    }
  });

  const duplicate = (key: string, index: number) => {
    const first = seen.get(key);
    if (first !== undefined) refuse(`Row ${first + 1} already names this.`);
    seen.set(key, index);
  };

  for (const level of levels) {
    trimmed.forEach((row, index) => {
      if (checked[index] !== level) return;
      let name = '';
      try {
        if (level === 'datacenter') {
          const body = valid(datacenterBodySchema, {
            name: row.datacenter,
            location: row.location,
          });
          name = body.name;
          duplicate(`d${SEP}${body.name}`, index);
          const ref = resolve(datacenters, newDatacenters, body.name, 'datacenter');
          if (ref && 'id' in ref) {
            const before = locations.get(ref.id)!;
            if (before === body.location) return record(index, row, name, 'unchanged');
            plan.updateDatacenters.push({ id: ref.id, location: body.location });
            return record(index, row, name, 'changed', `location "${before}" → "${body.location}"`);
          }
          newDatacenters.set(body.name, plan.createDatacenters.length);
          plan.createDatacenters.push(body);
          return record(index, row, name, 'created');
        }
        if (level === 'room') {
          const body = valid(roomBodySchema, { name: row.room });
          name = formatRackPath({
            datacenter: row.datacenter || null,
            room: null,
            rack: body.name,
          });
          const key = roomKey(row.datacenter, body.name);
          duplicate(`r${SEP}${key}`, index);
          let datacenter: Ref | null = null;
          if (row.datacenter !== '') {
            datacenter =
              resolve(datacenters, newDatacenters, row.datacenter, 'datacenter') ??
              refuse(`No datacenter "${row.datacenter}": add a datacenter row for it.`);
          }
          if (resolve(rooms, newRooms, key, 'room')) return record(index, row, name, 'unchanged');
          newRooms.set(key, plan.createRooms.length);
          plan.createRooms.push({ name: body.name, datacenter });
          return record(index, row, name, 'created');
        }
        if (level === 'rack') {
          const body = valid(rackBodySchema, { name: row.rack });
          name = formatRackPath({
            datacenter: row.datacenter || null,
            room: row.room || null,
            rack: body.name,
          });
          if (row.room === '' && row.datacenter !== '') {
            refuse('A rack sits in a room, not directly in a datacenter: give its room.');
          }
          const key = rackKey(row.datacenter, row.room, body.name);
          duplicate(`k${SEP}${key}`, index);
          let room: Ref | null = null;
          if (row.room !== '') {
            room =
              resolve(rooms, newRooms, roomKey(row.datacenter, row.room), 'room') ??
              refuse(
                `No room "${formatRackPath({ datacenter: row.datacenter || null, room: null, rack: row.room })}": add a room row for it.`,
              );
          }
          if (resolve(racks, newRacks, key, 'rack')) return record(index, row, name, 'unchanged');
          newRacks.set(key, plan.createRacks.length);
          plan.createRacks.push({ name: body.name, room });
          return record(index, row, name, 'created');
        }
        // A server: found by machine ID, renamed and placed as the row says.
        name = row.server || row.machineId;
        if (row.machineId === '') refuse('machineId is required: it says which server this is.');
        duplicate(`s${SEP}${row.machineId}`, index);
        const ids = servers.get(row.machineId);
        if (!ids) {
          refuse(`No server with machine ID ${row.machineId}: servers join with the installer.`);
        }
        if (ids!.length > 1) {
          refuse(`Several servers have machine ID ${row.machineId} (ids ${ids!.join(', ')}).`);
        }
        const server = serverById.get(ids![0]!)!;
        // The name it has is valid already; only a new one goes through the rules.
        const serverName =
          row.server === server.serverName ? row.server : valid(agentServerNameSchema, row.server);
        name = `${serverName} (${row.machineId})`;
        let rack: Ref | null = null;
        if (row.rack !== '') {
          if (row.room === '' && row.datacenter !== '') {
            refuse('A rack sits in a room, not directly in a datacenter: give its room.');
          }
          rack =
            resolve(racks, newRacks, rackKey(row.datacenter, row.room, row.rack), 'rack') ??
            refuse(
              `No rack "${formatRackPath({ datacenter: row.datacenter || null, room: row.room || null, rack: row.rack })}": add a rack row for it.`,
            );
        } else if (row.room !== '' || row.datacenter !== '') {
          refuse('Give the rack too, or leave datacenter, room and rack empty for Unassigned.');
        }
        const changes: string[] = [];
        const renamed = serverName !== server.serverName;
        if (renamed) changes.push(`renamed from "${server.serverName}"`);
        const moved =
          !(rack && 'id' in rack && rack.id === server.rackId) &&
          !(rack === null && server.rackId === null);
        if (moved) changes.push(rack === null ? 'moved to Unassigned' : 'moved');
        if (changes.length === 0) return record(index, row, name, 'unchanged');
        plan.updateServers.push({ id: server.id, serverName: renamed ? serverName : null, rack });
        return record(index, row, name, 'changed', changes.join(', '));
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        record(
          index,
          row,
          name || row.server || row.rack || row.room || row.datacenter,
          'refused',
          error.message,
        );
      }
    });
  }
  return plan;
}
