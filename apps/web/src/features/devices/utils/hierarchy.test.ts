import { describe, expect, it } from 'vitest';
import { buildDatacenter, buildRack, buildRoom, buildServer } from '@/testing/device-factories';
import { buildHierarchy, createPathNames, type DatacenterNode } from './hierarchy';
import { DEFAULT_SORT } from './sort';

/** The tree as names only, which is what an operator reads. */
const outline = (tree: DatacenterNode[]) =>
  tree.map((dc) => ({
    [dc.name]: dc.rooms.map((room) => ({
      [room.name]: room.racks.map((rack) => ({
        [rack.name]: rack.servers.map((s) => s.serverName),
      })),
    })),
  }));

describe('buildHierarchy', () => {
  it('nests servers in racks in rooms in datacenters, each level sorted by name', () => {
    const milan = buildDatacenter({ name: 'milan' });
    const berlin = buildDatacenter({ name: 'Berlin' });
    const hallB = buildRoom({ name: 'Hall B', datacenterId: milan.id });
    const hallA = buildRoom({ name: 'hall a', datacenterId: milan.id });
    const r2 = buildRack({ name: 'R2', roomId: hallA.id });
    const r1 = buildRack({ name: 'r1', roomId: hallA.id });
    const tree = buildHierarchy(
      {
        datacenters: [milan, berlin],
        rooms: [hallB, hallA],
        racks: [r2, r1],
        servers: [
          buildServer({ serverName: 'y', publicIpv4: '10.0.0.10', rackId: r1.id }),
          buildServer({ serverName: 'x', publicIpv4: '10.0.0.9', rackId: r1.id }),
        ],
      },
      DEFAULT_SORT,
    );
    expect(outline(tree)).toEqual([
      { Berlin: [] },
      { milan: [{ 'hall a': [{ r1: ['x', 'y'] }, { R2: [] }] }, { 'Hall B': [] }] },
    ]);
    expect(tree[1]).toMatchObject({
      id: milan.id,
      key: `datacenter:${milan.id}`,
      location: milan.location,
    });
  });

  it('puts orphans under Unassigned groups at every level, last, and only when needed', () => {
    const dc = buildDatacenter({ name: 'DC' });
    const room = buildRoom({ name: 'Room', datacenterId: dc.id });
    const rack = buildRack({ name: 'Rack', roomId: room.id });
    const standaloneRoom = buildRoom({ name: 'Lab' });
    const roomOfDeletedDc = buildRoom({ name: 'Attic', datacenterId: 9999 });
    const standaloneRack = buildRack({ name: 'Mobile' });
    const rackOfDeletedRoom = buildRack({ name: 'Old', roomId: 9998 });
    const tree = buildHierarchy(
      {
        datacenters: [dc],
        rooms: [room, standaloneRoom, roomOfDeletedDc],
        racks: [rack, standaloneRack, rackOfDeletedRoom],
        servers: [
          buildServer({ serverName: 'placed', rackId: rack.id }),
          buildServer({ serverName: 'loose', rackId: null }),
          buildServer({ serverName: 'ghost', rackId: 9997, publicIpv4: '1.1.1.1' }),
        ],
      },
      DEFAULT_SORT,
    );
    expect(outline(tree)).toEqual([
      { DC: [{ Room: [{ Rack: ['placed'] }] }] },
      {
        Unassigned: [
          { Attic: [] },
          { Lab: [] },
          { Unassigned: [{ Mobile: [] }, { Old: [] }, { Unassigned: ['ghost', 'loose'] }] },
        ],
      },
    ]);
    const unassigned = tree[1]!;
    expect(unassigned).toMatchObject({ id: null, key: 'datacenter:unassigned', location: null });
    expect(unassigned.rooms[2]).toMatchObject({ id: null, key: 'room:unassigned' });
    expect(unassigned.rooms[2]!.racks[2]).toMatchObject({ id: null, key: 'rack:unassigned' });
  });

  it('has no Unassigned group when everything has a parent, and nothing for empty lists', () => {
    const dc = buildDatacenter();
    const room = buildRoom({ datacenterId: dc.id });
    const tree = buildHierarchy(
      { datacenters: [dc], rooms: [room], racks: [], servers: [] },
      DEFAULT_SORT,
    );
    expect(tree).toHaveLength(1);
    expect(
      buildHierarchy({ datacenters: [], rooms: [], racks: [], servers: [] }, DEFAULT_SORT),
    ).toEqual([]);
  });

  it('shows only unassigned servers under Unassigned → Unassigned → Unassigned', () => {
    const tree = buildHierarchy(
      { datacenters: [], rooms: [], racks: [], servers: [buildServer({ serverName: 'solo' })] },
      DEFAULT_SORT,
    );
    expect(outline(tree)).toEqual([{ Unassigned: [{ Unassigned: [{ Unassigned: ['solo'] }] }] }]);
  });

  it('keeps every server exactly once, whatever the links', () => {
    const racks = [buildRack(), buildRack({ roomId: 5 })];
    const servers = Array.from({ length: 50 }, (_, i) =>
      buildServer({ rackId: i % 3 === 0 ? null : i % 3 === 1 ? racks[0]!.id : 424242 }),
    );
    const tree = buildHierarchy({ datacenters: [], rooms: [], racks, servers }, DEFAULT_SORT);
    const placed = tree.flatMap((dc) =>
      dc.rooms.flatMap((room) => room.racks.flatMap((rack) => rack.servers.map((s) => s.id))),
    );
    expect(placed.sort((a, b) => a - b)).toEqual(servers.map((s) => s.id).sort((a, b) => a - b));
  });
});

describe('createPathNames', () => {
  it('resolves the names along each server path from the current lists', () => {
    const dc = buildDatacenter({ name: 'DC' });
    const room = buildRoom({ name: 'Room', datacenterId: dc.id });
    const rack = buildRack({ name: 'Rack', roomId: room.id });
    const looseRack = buildRack({ name: 'Loose' });
    const names = createPathNames({
      datacenters: [dc],
      rooms: [room],
      racks: [rack, looseRack],
      servers: [],
    });
    const rows = [
      buildServer({ rackId: rack.id, rackName: 'stale' }),
      buildServer({ rackId: looseRack.id }),
      buildServer({ rackId: 777, rackName: 'deleted' }),
      buildServer({ rackId: null }),
    ].map(names);
    expect(rows.map((r) => [r.datacenterName, r.roomName, r.rackName])).toEqual([
      ['DC', 'Room', 'Rack'],
      [null, null, 'Loose'],
      [null, null, null],
      [null, null, null],
    ]);
  });
});
