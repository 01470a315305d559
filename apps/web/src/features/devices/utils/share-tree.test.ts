import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildRack, buildRoom, buildDatacenter, buildServer } from '@/testing/device-factories';
import { buildHierarchy, type HierarchyLists } from './hierarchy';
import { shareTree } from './share-tree';

function organisation(): HierarchyLists {
  const dc = buildDatacenter({ name: 'Milan' });
  const room = buildRoom({ name: 'Hall A', datacenterId: dc.id });
  const racks = [
    buildRack({ name: 'R1', roomId: room.id }),
    buildRack({ name: 'R2', roomId: room.id }),
  ];
  const other = buildRoom({ name: 'Hall B', datacenterId: dc.id });
  const servers = [
    buildServer({ serverName: 'a', rackId: racks[0]!.id }),
    buildServer({ serverName: 'b', rackId: racks[0]!.id }),
    buildServer({ serverName: 'c', rackId: racks[1]!.id }),
    buildServer({ serverName: 'loose' }),
  ];
  return { datacenters: [dc], rooms: [room, other], racks, servers };
}

describe('shareTree', () => {
  it('answers the previous tree when nothing changed', () => {
    const lists = organisation();
    const before = buildHierarchy(lists);
    expect(shareTree(before, buildHierarchy({ ...lists }))).toBe(before);
  });

  it('keeps every node a move did not touch, and renews the path to it', () => {
    const lists = organisation();
    const before = buildHierarchy(lists);
    const [a, b, c, loose] = lists.servers;
    const moved = { ...a!, rackId: lists.racks[1]!.id };
    const after = shareTree(before, buildHierarchy({ ...lists, servers: [moved, b!, c!, loose!] }));
    const [milan, unassigned] = after;
    expect(milan).not.toBe(before[0]);
    expect(unassigned).toBe(before[1]);
    const [hallA, hallB] = milan!.rooms;
    expect(hallB).toBe(before[0]!.rooms[1]);
    expect(hallA).not.toBe(before[0]!.rooms[0]);
    expect(hallA!.racks.map((rack) => rack.servers.map((s) => s.serverName))).toEqual([
      ['b'],
      ['a', 'c'],
    ]);
  });

  it('is always equal to the tree it was given', () => {
    const lists = organisation();
    const before = buildHierarchy(lists);
    const rackIds = [null, ...lists.racks.map((rack) => rack.id), 999];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(3), fc.constantFrom(...rackIds), fc.string({ maxLength: 3 }))),
        (changes) => {
          const servers = [...lists.servers];
          for (const [index, rackId, name] of changes) {
            servers[index] = {
              ...servers[index]!,
              rackId,
              serverName: name || servers[index]!.serverName,
            };
          }
          const next = buildHierarchy({ ...lists, servers });
          expect(shareTree(before, next)).toEqual(next);
        },
      ),
    );
  });
});
