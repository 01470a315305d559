import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { HierarchyRow } from '@brezza/contract';
import { exportRows, planImport, type ImportPlan, type Ref, type Snapshot } from './plan.js';
import { csvFromRows, rowsFromCsv } from './rows.js';

const row = (values: Partial<HierarchyRow>): HierarchyRow => ({
  type: '',
  datacenter: '',
  location: '',
  room: '',
  rack: '',
  server: '',
  machineId: '',
  ...values,
});

function demo(): Snapshot {
  return {
    datacenters: [{ id: 1, name: 'Milan North', location: 'Milan, Italy' }],
    rooms: [
      { id: 10, name: 'Hall A', datacenterId: 1 },
      { id: 11, name: 'Test Lab', datacenterId: null },
    ],
    racks: [
      { id: 100, name: 'A-01', roomId: 10 },
      { id: 101, name: 'LAB-1', roomId: 11 },
      { id: 102, name: 'Mobile Rack', roomId: null },
    ],
    servers: [
      { id: 1000, serverName: 'web-1', machineId: 'aa', rackId: 100 },
      { id: 1001, serverName: 'lab-1', machineId: 'bb', rackId: 101 },
      { id: 1002, serverName: 'new-1', machineId: 'cc', rackId: null },
      { id: 1003, serverName: 'ghost', machineId: '', rackId: null },
    ],
  };
}

/** The plan's writes, done on a copy of the snapshot as the repository does them in SQL. */
function applyInMemory(snapshot: Snapshot, plan: ImportPlan): Snapshot {
  const next = structuredClone(snapshot);
  let id = 1_000_000;
  const resolve = (ref: Ref | null, created: number[]) =>
    ref === null ? null : 'id' in ref ? ref.id : created[ref.created]!;
  const dcs = plan.createDatacenters.map((d) => {
    next.datacenters.push({ id: ++id, ...d });
    return id;
  });
  for (const u of plan.updateDatacenters)
    next.datacenters.find((d) => d.id === u.id)!.location = u.location;
  const rooms = plan.createRooms.map((r) => {
    next.rooms.push({ id: ++id, name: r.name, datacenterId: resolve(r.datacenter, dcs) });
    return id;
  });
  const racks = plan.createRacks.map((r) => {
    next.racks.push({ id: ++id, name: r.name, roomId: resolve(r.room, rooms) });
    return id;
  });
  for (const u of plan.updateServers) {
    const server = next.servers.find((s) => s.id === u.id)!;
    if (u.serverName !== null) server.serverName = u.serverName;
    server.rackId = resolve(u.rack, racks);
  }
  return next;
}

describe('exportRows', () => {
  it('writes containers by path and servers by machine ID, sorted, without id-less servers', () => {
    expect(csvFromRows(exportRows(demo()))).toBe(
      [
        'type,datacenter,location,room,rack,server,machineId',
        'datacenter,Milan North,"Milan, Italy",,,,',
        'room,,,Test Lab,,,',
        'room,Milan North,,Hall A,,,',
        'rack,,,,Mobile Rack,,',
        'rack,,,Test Lab,LAB-1,,',
        'rack,Milan North,,Hall A,A-01,,',
        'server,,,,,new-1,cc',
        'server,,,Test Lab,LAB-1,lab-1,bb',
        'server,Milan North,,Hall A,A-01,web-1,aa',
        '',
      ].join('\r\n'),
    );
  });
});

describe('planImport', () => {
  it('leaves an exported organisation unchanged', () => {
    const plan = planImport(demo(), exportRows(demo()));
    expect(plan.counts).toEqual({ created: 0, changed: 0, unchanged: 9, refused: 0 });
  });

  it('creates containers named further down the file, moves and renames servers', () => {
    const plan = planImport(demo(), [
      row({
        type: 'server',
        datacenter: 'Milan North',
        room: 'Hall B',
        rack: 'B-01',
        server: 'web-1',
        machineId: 'aa',
      }),
      row({ type: 'server', server: 'lab-one', machineId: 'bb' }),
      row({ type: 'rack', datacenter: 'Milan North', room: 'Hall B', rack: 'B-01' }),
      row({ type: 'room', datacenter: 'Milan North', room: 'Hall B' }),
      row({ type: 'datacenter', datacenter: 'Milan North', location: 'Milano' }),
      row({ type: 'datacenter', datacenter: 'Paris', location: 'Paris, France' }),
    ]);
    expect(plan.results.map((r) => [r.row, r.outcome, r.name, r.detail])).toEqual([
      [1, 'changed', 'web-1 (aa)', 'moved'],
      [2, 'changed', 'lab-one (bb)', 'renamed from "lab-1", moved to Unassigned'],
      [3, 'created', 'Milan North / Hall B / B-01', undefined],
      [4, 'created', 'Milan North / Hall B', undefined],
      [5, 'changed', 'Milan North', 'location "Milan, Italy" → "Milano"'],
      [6, 'created', 'Paris', undefined],
    ]);
    expect(plan.createRooms).toEqual([{ name: 'Hall B', datacenter: { id: 1 } }]);
    expect(plan.createRacks).toEqual([{ name: 'B-01', room: { created: 0 } }]);
    expect(plan.updateServers).toEqual([
      { id: 1000, serverName: null, rack: { created: 0 } },
      { id: 1001, serverName: 'lab-one', rack: null },
    ]);
  });

  it('refuses rows with the reason', () => {
    const snapshot = demo();
    snapshot.datacenters.push(
      { id: 2, name: 'Twin', location: 'a' },
      { id: 3, name: 'Twin', location: 'b' },
    );
    const plan = planImport(snapshot, [
      row({ type: 'shelf', datacenter: 'x' }),
      row({ type: 'datacenter', datacenter: 'No Location' }),
      row({ type: 'room', datacenter: 'Nowhere', room: 'Hall' }),
      row({ type: 'rack', datacenter: 'Milan North', rack: 'R' }),
      row({ type: 'server', server: 'x', machineId: 'zz' }),
      row({ type: 'server', server: 'web-1', machineId: 'aa', rack: 'Nope' }),
      row({ type: 'room', datacenter: 'Twin', room: 'Hall' }),
      row({ type: 'datacenter', datacenter: 'Milan North', location: 'Milan, Italy', rack: 'R' }),
      row({ type: 'server', server: 'new-1', machineId: 'cc' }),
      row({ type: 'server', server: 'new-1', machineId: 'cc' }),
    ]);
    expect(plan.results.map((r) => r.detail)).toEqual([
      'type must be one of datacenter, room, rack, server (got "shelf").',
      'Name and location are required.',
      'No datacenter "Nowhere": add a datacenter row for it.',
      'A rack sits in a room, not directly in a datacenter: give its room.',
      'No server with machine ID zz: servers join with the installer.',
      'No rack "Nope": add a rack row for it.',
      'Several datacenters are named this way (ids 2, 3); rename one in the app first.',
      'rack does not apply to a datacenter row; leave it empty.',
      undefined,
      'Row 9 already names this.',
    ]);
    expect(plan.counts.refused).toBe(9);
  });
});

/** A random organisation: names unique within their parent, machine IDs unique. */
const snapshots = fc
  .record({
    datacenters: fc.uniqueArray(fc.constantFrom('DC 1', 'DC 2', 'Milan, "North"', 'Ünï'), {
      maxLength: 3,
    }),
    rooms: fc.array(
      fc.record({ name: fc.constantFrom('Hall A', 'Hall B', 'Lab'), parent: fc.nat(4) }),
      { maxLength: 6 },
    ),
    racks: fc.array(fc.record({ name: fc.constantFrom('R1', 'R2', 'R 3'), parent: fc.nat(7) }), {
      maxLength: 10,
    }),
    servers: fc.uniqueArray(
      fc.string({ unit: fc.constantFrom('0', '1', 'a', 'f'), minLength: 2, maxLength: 4 }),
      { maxLength: 12 },
    ),
    placements: fc.array(fc.nat(12), { minLength: 12, maxLength: 12 }),
    names: fc.array(fc.constantFrom('web', 'db', 'a,b', 'x"y'), { minLength: 12, maxLength: 12 }),
  })
  .map(({ datacenters, rooms, racks, servers, placements, names }): Snapshot => {
    const snapshot: Snapshot = {
      datacenters: datacenters.map((name, i) => ({ id: i + 1, name, location: `Loc ${i}` })),
      rooms: [],
      racks: [],
      servers: [],
    };
    const roomKeys = new Set<string>();
    for (const room of rooms) {
      const datacenterId = room.parent < datacenters.length ? room.parent + 1 : null;
      if (roomKeys.has(`${datacenterId}/${room.name}`)) continue;
      roomKeys.add(`${datacenterId}/${room.name}`);
      snapshot.rooms.push({ id: 100 + snapshot.rooms.length, name: room.name, datacenterId });
    }
    const rackKeys = new Set<string>();
    for (const rack of racks) {
      const roomId = rack.parent < snapshot.rooms.length ? snapshot.rooms[rack.parent]!.id : null;
      if (rackKeys.has(`${roomId}/${rack.name}`)) continue;
      rackKeys.add(`${roomId}/${rack.name}`);
      snapshot.racks.push({ id: 1000 + snapshot.racks.length, name: rack.name, roomId });
    }
    snapshot.servers = servers.map((machineId, i) => ({
      id: 10_000 + i,
      serverName: names[i]!,
      machineId,
      rackId: placements[i]! < snapshot.racks.length ? snapshot.racks[placements[i]!]!.id : null,
    }));
    return snapshot;
  });

describe('import and export properties', () => {
  it('export then import changes nothing', () => {
    fc.assert(
      fc.property(snapshots, (snapshot) => {
        const plan = planImport(snapshot, rowsFromCsv(csvFromRows(exportRows(snapshot))));
        expect(plan.counts.created + plan.counts.changed + plan.counts.refused).toBe(0);
      }),
    );
  });

  it("importing another organisation's export into the same servers reproduces it exactly", () => {
    fc.assert(
      fc.property(snapshots, fc.array(fc.nat(20), { maxLength: 12 }), (target, moves) => {
        // The same servers, unplaced and renamed, in an organisation with no containers.
        const start: Snapshot = {
          datacenters: [],
          rooms: [],
          racks: [],
          servers: target.servers.map((s, i) => ({
            ...s,
            serverName: `old-${moves[i] ?? i}`,
            rackId: null,
          })),
        };
        const file = rowsFromCsv(csvFromRows(exportRows(target)));
        const plan = planImport(start, file);
        expect(plan.counts.refused).toBe(0);
        const after = applyInMemory(start, plan);
        expect(exportRows(after)).toEqual(exportRows(target));
        expect(planImport(after, file).counts.unchanged).toBe(file.length);
      }),
    );
  });
});
