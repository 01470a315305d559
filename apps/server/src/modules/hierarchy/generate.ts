import type { Insertable } from 'kysely';
import type { ServersTable } from '../../db/schema.js';
import { nowIso } from '../../db/columns.js';
import { markHierarchyChanged, type Executor } from './repository.js';

export const SERVERS_PER_RACK = 40;
export const RACKS_PER_ROOM = 10;
export const ROOMS_PER_DATACENTER = 5;
/** One server in fifty is left unassigned, as on a real floor where new machines wait. */
const UNASSIGNED_EVERY = 50;
/** Rows per INSERT: well under SQLite's bound-parameter limit, and short transactions. */
const CHUNK = 500;

const CITIES = [
  'Milan',
  'Frankfurt',
  'Amsterdam',
  'Paris',
  'Madrid',
  'Dublin',
  'Stockholm',
  'Warsaw',
];

/** A small deterministic generator, so that two runs of a benchmark see the same rows. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GeneratedCounts {
  datacenters: number;
  rooms: number;
  racks: number;
  servers: number;
}

/**
 * Fills an organisation with `servers` servers in a full hierarchy (40 per rack, 10 racks per
 * room, 5 rooms per datacenter), for benchmarks and load tests. Inserts in chunks so that a
 * large organisation neither holds one huge transaction nor blocks SQLite for long.
 */
export async function generateHierarchy(
  db: Executor,
  organisationId: number,
  { servers, seed = 1 }: { servers: number; seed?: number },
): Promise<GeneratedCounts> {
  const random = seededRandom(seed);
  const now = nowIso();
  const stamps = { organisation_id: organisationId, created_at: now, updated_at: now };
  const rackCount = Math.max(1, Math.ceil(servers / SERVERS_PER_RACK));
  const roomCount = Math.ceil(rackCount / RACKS_PER_ROOM);
  const datacenterCount = Math.ceil(roomCount / ROOMS_PER_DATACENTER);

  const insertChunked = async <T>(
    rows: T[],
    insert: (chunk: T[]) => Promise<{ id: number }[]>,
  ): Promise<number[]> => {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += CHUNK) {
      ids.push(...(await insert(rows.slice(i, i + CHUNK))).map((row) => row.id));
    }
    return ids;
  };

  const datacenterIds = await insertChunked(
    Array.from({ length: datacenterCount }, (_, i) => ({
      ...stamps,
      name: `DC-${String(i + 1).padStart(2, '0')}`,
      location: `${CITIES[i % CITIES.length]}, zone ${Math.floor(i / CITIES.length) + 1}`,
    })),
    (chunk) => db.insertInto('datacenters').values(chunk).returning('id').execute(),
  );
  const roomIds = await insertChunked(
    Array.from({ length: roomCount }, (_, i) => ({
      ...stamps,
      name: `Hall ${String((i % ROOMS_PER_DATACENTER) + 1).padStart(2, '0')}`,
      datacenter_id: datacenterIds[Math.floor(i / ROOMS_PER_DATACENTER)]!,
    })),
    (chunk) => db.insertInto('rooms').values(chunk).returning('id').execute(),
  );
  const rackIds = await insertChunked(
    Array.from({ length: rackCount }, (_, i) => ({
      ...stamps,
      name: `R-${String(i + 1).padStart(4, '0')}`,
      room_id: roomIds[Math.floor(i / RACKS_PER_ROOM)]!,
    })),
    (chunk) => db.insertInto('racks').values(chunk).returning('id').execute(),
  );

  const hex = () =>
    Array.from({ length: 4 }, () =>
      Math.floor(random() * 2 ** 32)
        .toString(16)
        .padStart(8, '0'),
    ).join('');
  const octet = () => Math.floor(random() * 254) + 1;
  const rows: Insertable<ServersTable>[] = Array.from({ length: servers }, (_, i) => ({
    ...stamps,
    server_name: `node-${String(i + 1).padStart(5, '0')}`,
    public_ipv4: `${octet()}.${octet()}.${octet()}.${octet()}`,
    machine_id: hex(),
    rack_id:
      i % UNASSIGNED_EVERY === UNASSIGNED_EVERY - 1
        ? null
        : rackIds[Math.floor(i / SERVERS_PER_RACK)]!,
  }));
  await insertChunked(rows, (chunk) =>
    db.insertInto('servers').values(chunk).returning('id').execute(),
  );
  await markHierarchyChanged(db, organisationId);
  return { datacenters: datacenterCount, rooms: roomCount, racks: rackCount, servers };
}
