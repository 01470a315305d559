import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HEALTHY, worstHealth, type AlertHealth } from '@brezza/contract';
import { buildServer } from '@/testing/device-factories';
import type { DatacenterNode } from './hierarchy';
import { rollUpHealth } from './health-rollup';

const RED: AlertHealth = { colour: 'red', reason: 'Supply too hot on pCDU-1' };
const YELLOW: AlertHealth = { colour: 'yellow', reason: 'No data: Power on PDU-2' };

/** A tree of the given shape: datacenters of rooms of racks of server ids. */
function treeOf(shape: number[][][][]): DatacenterNode[] {
  return shape.map((rooms, d) => ({
    key: `datacenter:${d}`,
    id: d + 1,
    name: `DC ${d}`,
    location: null,
    rooms: rooms.map((racks, r) => ({
      key: `room:${d}-${r}`,
      id: null,
      name: `Room ${r}`,
      racks: racks.map((ids, k) => ({
        key: `rack:${d}-${r}-${k}`,
        id: null,
        name: `Rack ${k}`,
        servers: ids.map((id) => buildServer({ id })),
      })),
    })),
  }));
}

/** The roll-up as the rows used to compute it, node by node. */
function naive(tree: DatacenterNode[], health: ReadonlyMap<number, AlertHealth>) {
  const out = new Map<string, AlertHealth>();
  for (const dc of tree) {
    const rooms = dc.rooms.map((room) => {
      const racks = room.racks.map((rack) => {
        const worst = worstHealth(rack.servers.map((s) => health.get(s.id) ?? HEALTHY));
        out.set(rack.key, worst);
        return worst;
      });
      const worst = worstHealth(racks);
      out.set(room.key, worst);
      return worst;
    });
    out.set(dc.key, worstHealth(rooms));
  }
  return out;
}

describe('rollUpHealth', () => {
  it('gives each node its worst device, and leaves healthy nodes out', () => {
    const tree = treeOf([[[[1, 2], [3]], [[4]]], [[[5]]]]);
    const rolled = rollUpHealth(
      tree,
      new Map([
        [2, YELLOW],
        [3, RED],
      ]),
    );
    expect(rolled.get('rack:0-0-0')).toBe(YELLOW);
    expect(rolled.get('rack:0-0-1')).toBe(RED);
    expect(rolled.get('room:0-0')).toBe(RED);
    expect(rolled.get('datacenter:0')).toBe(RED);
    expect(rolled.has('room:0-1')).toBe(false);
    expect(rolled.has('datacenter:1')).toBe(false);
  });

  it('is empty when no device has an alert', () => {
    expect(rollUpHealth(treeOf([[[[1, 2, 3]]]]), new Map()).size).toBe(0);
  });

  it('agrees with rolling up every node on its own, first worst reason included', () => {
    const ids = fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 4 });
    const shape = fc.array(fc.array(fc.array(ids, { maxLength: 3 }), { maxLength: 3 }), {
      maxLength: 3,
    });
    const healths = fc.array(
      fc.tuple(
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom<AlertHealth>(RED, YELLOW, { colour: 'red', reason: 'Leak on pCDU-2' }),
      ),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(shape, healths, (treeShape, entries) => {
        const tree = treeOf(treeShape);
        const health = new Map(entries);
        const rolled = rollUpHealth(tree, health);
        for (const [key, expected] of naive(tree, health)) {
          expect(rolled.get(key) ?? HEALTHY).toBe(expected);
        }
      }),
    );
  });
});
