import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildDatacenter, buildRack, buildRoom, buildServer } from '@/testing/device-factories';
import type { HierarchyLists } from './hierarchy';
import {
  EMPTY_FILTER,
  buildSearchIndex,
  cidrContains,
  filterFromParams,
  filterLists,
  filterToParams,
  ipv4Matches,
  parseCidr,
  serverStatus,
  type DeviceFilter,
} from './search';
import { ipv4Number } from './sort';

const NOW = Date.parse('2026-11-23T12:00:00Z');

function sample(): HierarchyLists {
  const dc = buildDatacenter({ name: 'Milan North' });
  const room = buildRoom({ name: 'Hall A', datacenterId: dc.id });
  const lone = buildRoom({ name: 'Test Lab', datacenterId: null });
  const rack = buildRack({ name: 'A-01', roomId: room.id });
  const empty = buildRack({ name: 'A-02', roomId: room.id });
  const labRack = buildRack({ name: 'LAB-1', roomId: lone.id });
  return {
    datacenters: [dc, buildDatacenter({ name: 'Frankfurt Edge' })],
    rooms: [room, lone],
    racks: [rack, empty, labRack],
    servers: [
      buildServer({
        serverName: 'web-1',
        publicIpv4: '203.0.113.45',
        machineId: 'aa11',
        rackId: rack.id,
      }),
      buildServer({
        serverName: 'db-1',
        publicIpv4: '10.20.45.67',
        machineId: 'bb22',
        rackId: rack.id,
        deviceTypeId: 3,
      }),
      buildServer({
        serverName: 'lab-1',
        publicIpv4: '198.51.100.7',
        machineId: 'cc33',
        rackId: labRack.id,
      }),
      Object.assign(buildServer({ serverName: 'new-1', publicIpv4: '', machineId: 'dd44' }), {
        lastSeenAt: new Date(NOW - 60_000).toISOString(),
      }),
    ],
  };
}

const run = (lists: HierarchyLists, filter: Partial<DeviceFilter>) =>
  filterLists(lists, buildSearchIndex(lists), { ...EMPTY_FILTER, ...filter }, NOW);
const names = (lists: HierarchyLists) => lists.servers.map((s) => s.serverName);

describe('search', () => {
  it('matches names, machine ids and path names, case-insensitively', () => {
    const lists = sample();
    expect(names(run(lists, { query: 'WEB' }).lists)).toEqual(['web-1']);
    expect(names(run(lists, { query: 'bb2' }).lists)).toEqual(['db-1']);
    expect(names(run(lists, { query: 'milan' }).lists)).toEqual(['web-1', 'db-1']);
    expect(names(run(lists, { query: 'test lab' }).lists)).toEqual(['lab-1']);
  });

  it('matches an address by its start, its last octets or a CIDR block', () => {
    const lists = sample();
    expect(names(run(lists, { query: '10.20' }).lists)).toEqual(['db-1']);
    expect(names(run(lists, { query: '45.67' }).lists)).toEqual(['db-1']);
    expect(names(run(lists, { query: '.7' }).lists)).toEqual(['lab-1']);
    expect(names(run(lists, { query: '203.0.113.0/24' }).lists)).toEqual(['web-1']);
    expect(names(run(lists, { query: '0.0.0.0/0' }).lists)).toEqual(['web-1', 'db-1', 'lab-1']);
  });

  it('filters by type, status and placement, and counts N of M', () => {
    const lists = sample();
    expect(names(run(lists, { type: '3' }).lists)).toEqual(['db-1']);
    expect(names(run(lists, { type: 'server' }).lists)).toEqual(['web-1', 'lab-1', 'new-1']);
    expect(names(run(lists, { status: 'online' }).lists)).toEqual(['new-1']);
    const unassigned = run(lists, { placement: 'unassigned' });
    expect(names(unassigned.lists)).toEqual(['new-1']);
    expect([unassigned.matched, unassigned.total]).toEqual([1, 4]);
    expect(unassigned.lists.racks).toEqual([]);
  });

  it('keeps the ancestors of matches and names the nodes to open', () => {
    const lists = sample();
    const result = run(lists, { query: 'web' });
    expect(result.lists.racks.map((r) => r.name)).toEqual(['A-01']);
    expect(result.lists.rooms.map((r) => r.name)).toEqual(['Hall A']);
    expect(result.lists.datacenters.map((d) => d.name)).toEqual(['Milan North']);
    const [dc, room, rack] = [lists.datacenters[0]!, lists.rooms[0]!, lists.racks[0]!];
    expect([...result.openKeys].sort()).toEqual(
      [`datacenter:${dc.id}`, `rack:${rack.id}`, `room:${room.id}`].sort(),
    );
    // A container found by its own name is kept, even when it holds nothing that matches.
    expect(run(lists, { query: 'a-02' }).lists.racks.map((r) => r.name)).toEqual(['A-02']);
    // ...but not when a server filter narrows the list.
    expect(run(lists, { query: 'a-02', type: 'server' }).lists.racks).toEqual([]);
  });

  it('places a pCDU standing in a room (no rack) in its room, not among the unassigned', () => {
    const lists = sample();
    const [dc, hall] = [lists.datacenters[0]!, lists.rooms[0]!];
    lists.servers.push(
      buildServer({
        serverName: 'pCDU Hall A',
        machineId: 'ee55',
        rackId: null,
        roomId: hall.id,
        deviceType: 'pcdu',
      }),
    );
    expect(names(run(lists, { placement: 'unassigned' }).lists)).toEqual(['new-1']);
    // Found by its own name, its room's and its datacenter's, with the room kept and opened.
    const found = run(lists, { query: 'pcdu' });
    expect(names(found.lists)).toEqual(['pCDU Hall A']);
    expect(found.lists.rooms.map((r) => r.name)).toEqual(['Hall A']);
    expect(found.lists.datacenters.map((d) => d.name)).toEqual(['Milan North']);
    expect([...found.openKeys].sort()).toEqual([`datacenter:${dc.id}`, `room:${hall.id}`].sort());
    expect(names(run(lists, { query: 'hall a' }).lists)).toEqual(['web-1', 'db-1', 'pCDU Hall A']);
    expect(names(run(lists, { query: 'milan', type: 'server' }).lists)).toEqual(['web-1']);
  });

  it('derives the status from lastSeenAt', () => {
    expect(serverStatus({}, NOW)).toBe('offline');
    expect(serverStatus({ lastSeenAt: null }, NOW)).toBe('offline');
    expect(serverStatus({ lastSeenAt: new Date(NOW - 10_000).toISOString() }, NOW)).toBe('online');
    expect(serverStatus({ lastSeenAt: new Date(NOW - 3_600_000).toISOString() }, NOW)).toBe(
      'offline',
    );
  });

  it('reads and writes its state in the URL, keeping other parameters', () => {
    const params = filterToParams(
      { query: '10.0.0.0/8', type: 'server', status: 'offline', placement: 'unassigned' },
      new URLSearchParams('view=table'),
    );
    expect(params.get('view')).toBe('table');
    expect(filterFromParams(params)).toEqual({
      query: '10.0.0.0/8',
      type: 'server',
      status: 'offline',
      placement: 'unassigned',
    });
    expect(filterFromParams(new URLSearchParams('status=maybe&type=-1'))).toEqual(EMPTY_FILTER);
    // The Type menu's equipment choices, and a device type id.
    for (const type of ['pcdu', 'pdu', '7']) {
      expect(filterFromParams(new URLSearchParams({ type })).type).toBe(type);
    }
    expect(filterFromParams(new URLSearchParams('type=pdus')).type).toBeNull();
    expect(filterToParams(EMPTY_FILTER, params).toString()).toBe('view=table');
  });
});

const octets = fc.tuple(...Array.from({ length: 4 }, () => fc.integer({ min: 0, max: 255 })));
const dotted = (parts: number[]) => parts.join('.');

describe('search properties', () => {
  it('a CIDR block holds exactly the addresses that share its first n bits', () => {
    fc.assert(
      fc.property(octets, octets, fc.integer({ min: 0, max: 32 }), (network, address, bits) => {
        const cidr = parseCidr(`${dotted(network)}/${bits}`)!;
        const a = ipv4Number(dotted(address))!;
        const n = ipv4Number(dotted(network))!;
        const shift = 2 ** (32 - bits);
        expect(cidrContains(cidr, a)).toBe(Math.floor(a / shift) === Math.floor(n / shift));
      }),
    );
  });

  it('every address is found by its start and by its last one, two or three octets', () => {
    fc.assert(
      fc.property(octets, fc.integer({ min: 1, max: 3 }), (parts, tail) => {
        const address = dotted(parts);
        expect(ipv4Matches(dotted(parts.slice(0, 4 - tail)), address)).toBe(true);
        expect(ipv4Matches(dotted(parts.slice(4 - tail)), address)).toBe(true);
      }),
    );
  });

  it('a filter keeps a subset whose devices all sit in kept racks or rooms or are unassigned', () => {
    const lists = sample();
    lists.servers.push(
      buildServer({ serverName: 'pcdu-1', rackId: null, roomId: lists.rooms[1]!.id }),
    );
    fc.assert(
      fc.property(
        fc.string({ maxLength: 6 }),
        fc.constantFrom(null, 'online', 'offline'),
        (query, status) => {
          const result = run(lists, { query, status: status as DeviceFilter['status'] });
          const racks = new Set(result.lists.racks.map((r) => r.id));
          const rooms = new Set(result.lists.rooms.map((r) => r.id));
          const datacenters = new Set(result.lists.datacenters.map((d) => d.id));
          expect(result.matched).toBe(result.lists.servers.length);
          for (const server of result.lists.servers) {
            expect(lists.servers).toContain(server);
            if (server.rackId !== null) expect(racks.has(server.rackId)).toBe(true);
            else if (server.roomId !== null) expect(rooms.has(server.roomId)).toBe(true);
          }
          for (const rack of result.lists.racks) {
            if (rack.roomId !== null) expect(rooms.has(rack.roomId)).toBe(true);
          }
          for (const room of result.lists.rooms) {
            if (room.datacenterId !== null) expect(datacenters.has(room.datacenterId)).toBe(true);
          }
        },
      ),
    );
  });
});
