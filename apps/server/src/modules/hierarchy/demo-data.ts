import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { ServersTable } from '../../db/schema.js';
import { nowIso } from '../../db/columns.js';
import { markHierarchyChanged, type Executor } from './repository.js';

/**
 * The demo organisation's hierarchy: what a new operator sees on first sign-in. Two datacenters
 * with rooms and racks, a standalone room and standalone racks, an empty rack, a room without
 * racks and a few unassigned servers, so that every part of the Devices page has something to
 * show. Deterministic: the same names, addresses and machine ids on every fresh start.
 */
interface DemoRack {
  name: string;
  servers: string[];
}
interface DemoRoom {
  name: string;
  racks: DemoRack[];
}

const range = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}-${String(from + i).padStart(2, '0')}`);

const DATACENTERS: { name: string; location: string; rooms: DemoRoom[] }[] = [
  {
    name: 'Milan North',
    location: 'Milan, Italy',
    rooms: [
      {
        name: 'Hall A',
        racks: [
          { name: 'A-01', servers: [...range('mil-web', 1, 6), ...range('mil-cache', 1, 2)] },
          { name: 'A-02', servers: [...range('mil-db', 1, 3), 'mil-backup-01'] },
          { name: 'A-03', servers: range('mil-gpu', 1, 4) },
        ],
      },
      {
        name: 'Hall B',
        racks: [
          { name: 'B-01', servers: [...range('mil-k8s', 1, 6)] },
          { name: 'B-02', servers: [] },
        ],
      },
    ],
  },
  {
    name: 'Frankfurt Edge',
    location: 'Frankfurt, Germany',
    rooms: [
      {
        name: 'Cold Aisle 1',
        racks: [
          { name: 'C1-R01', servers: [...range('fra-edge', 1, 4), 'fra-dns-01'] },
          { name: 'C1-R02', servers: [...range('fra-stor', 1, 4)] },
        ],
      },
      { name: 'Cold Aisle 2', racks: [] },
    ],
  },
];

const STANDALONE_ROOMS: DemoRoom[] = [
  { name: 'Test Lab', racks: [{ name: 'LAB-1', servers: ['lab-bench-01', 'lab-bench-02'] }] },
];

const STANDALONE_RACKS: DemoRack[] = [
  { name: 'Mobile Rack', servers: ['field-kit-01', 'field-kit-02'] },
  { name: 'Spare Rack', servers: [] },
];

const UNASSIGNED = ['new-node-01', 'new-node-02', 'returned-unit-07', 'staging-01'];

/** A stable 32-hex-digit machine id and a public address from the documentation ranges. */
function identity(serverName: string, index: number) {
  const machineId = createHash('sha256').update(serverName).digest('hex').slice(0, 32);
  const blocks = ['203.0.113', '198.51.100', '192.0.2'];
  const publicIpv4 = `${blocks[index % 3]}.${10 + ((index * 37) % 240)}`;
  return { machineId, publicIpv4 };
}

export async function seedDemoHierarchy(db: Executor, organisationId: number): Promise<void> {
  const now = nowIso();
  const stamps = { organisation_id: organisationId, created_at: now, updated_at: now };
  const servers: Insertable<ServersTable>[] = [];
  const addServers = (names: string[], rackId: number | null) => {
    for (const serverName of names) {
      const { machineId, publicIpv4 } = identity(serverName, servers.length);
      servers.push({
        ...stamps,
        server_name: serverName,
        public_ipv4: publicIpv4,
        machine_id: machineId,
        host_name: `${serverName}.demo.internal`,
        rack_id: rackId,
      });
    }
  };
  const addRacks = async (racks: DemoRack[], roomId: number | null) => {
    for (const rack of racks) {
      const { id } = await db
        .insertInto('racks')
        .values({ ...stamps, name: rack.name, room_id: roomId })
        .returning('id')
        .executeTakeFirstOrThrow();
      addServers(rack.servers, id);
    }
  };
  const addRooms = async (rooms: DemoRoom[], datacenterId: number | null) => {
    for (const room of rooms) {
      const { id } = await db
        .insertInto('rooms')
        .values({ ...stamps, name: room.name, datacenter_id: datacenterId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await addRacks(room.racks, id);
    }
  };

  for (const datacenter of DATACENTERS) {
    const { id } = await db
      .insertInto('datacenters')
      .values({ ...stamps, name: datacenter.name, location: datacenter.location })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addRooms(datacenter.rooms, id);
  }
  await addRooms(STANDALONE_ROOMS, null);
  await addRacks(STANDALONE_RACKS, null);
  addServers(UNASSIGNED, null);
  await db.insertInto('servers').values(servers).execute();
  await markHierarchyChanged(db, organisationId);
}
