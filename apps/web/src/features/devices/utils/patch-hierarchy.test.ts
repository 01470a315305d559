import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildDatacenter, buildRack, buildRoom, buildServer } from '@/testing/device-factories';
import { buildHierarchy, type HierarchyLists } from './hierarchy';
import { patchHierarchy } from './patch-hierarchy';
import { shareTree } from './share-tree';

/** Two datacenters' worth of rooms and racks, a standalone room and rack, servers in id order. */
function organisation(): HierarchyLists {
  const milan = buildDatacenter({ name: 'Milan' });
  const berlin = buildDatacenter({ name: 'Berlin' });
  const hallA = buildRoom({ name: 'Hall A', datacenterId: milan.id });
  const hallB = buildRoom({ name: 'Hall B', datacenterId: berlin.id });
  const lab = buildRoom({ name: 'Lab' });
  const racks = [
    buildRack({ name: 'R1', roomId: hallA.id }),
    buildRack({ name: 'R2', roomId: hallA.id }),
    buildRack({ name: 'R3', roomId: hallB.id }),
    buildRack({ name: 'Mobile' }),
  ];
  const servers = Array.from({ length: 12 }, (_, i) =>
    buildServer({
      rackId: i % 5 === 4 ? null : racks[i % 4]!.id,
      // A pCDU standing on the lab's floor.
      roomId: i === 9 ? lab.id : null,
    }),
  );
  return { datacenters: [milan, berlin], rooms: [hallA, hallB, lab], racks, servers };
}

describe('patchHierarchy', () => {
  it('moves a server between racks and keeps every node the move did not touch', () => {
    const lists = organisation();
    const tree = buildHierarchy(lists);
    const servers = [...lists.servers];
    servers[0] = { ...servers[0]!, rackId: lists.racks[2]!.id };
    const next = { ...lists, servers };
    const patched = patchHierarchy(lists, tree, next);
    expect(patched).not.toBeNull();
    expect(patched).toEqual(buildHierarchy(next));
    const [berlin, milan, unassigned] = patched!;
    expect(berlin).not.toBe(tree[0]);
    expect(milan).not.toBe(tree[1]);
    expect(unassigned).toBe(tree[2]);
    // Hall A's second rack did not change.
    expect(milan!.rooms[0]!.racks[1]).toBe(tree[1]!.rooms[0]!.racks[1]);
  });

  it('answers the tree itself when no server changed', () => {
    const lists = organisation();
    const tree = buildHierarchy(lists);
    expect(patchHierarchy(lists, tree, { ...lists, servers: [...lists.servers] })).toBe(tree);
  });

  it('leaves other changes to a full build', () => {
    const lists = organisation();
    const tree = buildHierarchy(lists);
    const [first, ...rest] = lists.servers;
    expect(patchHierarchy(lists, tree, { ...lists, racks: [...lists.racks] })).toBeNull();
    expect(patchHierarchy(lists, tree, { ...lists, servers: rest })).toBeNull();
    expect(patchHierarchy(lists, tree, { ...lists, servers: [...rest, first!] })).toBeNull();
    // The lab's only pCDU leaves its floor: that group goes, which a patch does not do.
    const servers = [...lists.servers];
    servers[9] = { ...servers[9]!, roomId: null, rackId: lists.racks[0]!.id };
    expect(patchHierarchy(lists, tree, { ...lists, servers })).toBeNull();
  });

  it('always answers what a full build shared with the tree answers, or nothing', () => {
    const lists = organisation();
    const tree = buildHierarchy(lists);
    const rackIds = [null, ...lists.racks.map((rack) => rack.id), 999];
    const roomIds = [null, ...lists.rooms.map((room) => room.id)];
    let patchedCount = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.nat(lists.servers.length - 1),
            fc.constantFrom(...rackIds),
            fc.constantFrom(...roomIds),
            fc.string({ maxLength: 3 }),
          ),
          { maxLength: 6 },
        ),
        (changes) => {
          const servers = [...lists.servers];
          for (const [index, rackId, roomId, name] of changes) {
            servers[index] = {
              ...servers[index]!,
              rackId,
              roomId,
              serverName: name || servers[index]!.serverName,
            };
          }
          const next = { ...lists, servers };
          const patched = patchHierarchy(lists, tree, next);
          if (patched === null) return;
          patchedCount += 1;
          expect(patched).toEqual(shareTree(tree, buildHierarchy(next)));
          expect(patched).toEqual(buildHierarchy(next));
        },
      ),
    );
    expect(patchedCount).toBeGreaterThan(50);
  });
});
