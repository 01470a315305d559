import type { Datacenter, Rack, Room, Server, ServerColumns } from '@brezza/contract';

let sequence = 0;
const next = () => (sequence += 1);

export function buildServer(overrides: Partial<Server> = {}): Server {
  const id = overrides.id ?? next();
  return {
    id,
    serverName: `server-${id}`,
    publicIpv4: `10.0.0.${id % 250}`,
    machineId: id.toString(16).padStart(32, '0'),
    rackId: null,
    deviceTypeId: null,
    rackName: null,
    roomName: null,
    datacenterName: null,
    ...overrides,
  };
}

export function buildDatacenter(overrides: Partial<Datacenter> = {}): Datacenter {
  const id = overrides.id ?? next();
  return { id, name: `DC ${id}`, location: `City ${id}`, ...overrides };
}

export function buildRoom(overrides: Partial<Room> = {}): Room {
  const id = overrides.id ?? next();
  return { id, name: `Room ${id}`, datacenterId: null, ...overrides };
}

export function buildRack(overrides: Partial<Rack> = {}): Rack {
  const id = overrides.id ?? next();
  return { id, name: `Rack ${id}`, roomId: null, ...overrides };
}

/** What GET /api/servers?encoding=columns answers for these servers. */
export function serverColumns(servers: (Server & { lastSeenAt?: string | null })[]): ServerColumns {
  return {
    count: servers.length,
    columns: {
      id: servers.map((s) => s.id),
      serverName: servers.map((s) => s.serverName),
      publicIpv4: servers.map((s) => s.publicIpv4),
      machineId: servers.map((s) => s.machineId),
      rackId: servers.map((s) => s.rackId),
      deviceTypeId: servers.map((s) => s.deviceTypeId),
      lastSeenAt: servers.map((s) => s.lastSeenAt ?? null),
    },
  };
}
