import { Bench } from 'tinybench';
import type { Datacenter, Rack, Room, Server } from '@brezza/contract';
import { buildHierarchy, type HierarchyLists } from '../src/features/devices/utils/hierarchy';
import { DEFAULT_SORT, ipv4Number, sortDevices } from '../src/features/devices/utils/sort';
import { EMPTY_FILTER, buildSearchIndex, filterLists } from '../src/features/devices/utils/search';

/**
 * The Devices page's pure work at 100,000 servers, in Node: building the tree, sorting the
 * table, and a search (issue 16: under 100 ms). The baseline is the least any of it can cost:
 * one pass grouping servers by rack and one numeric sort of precomputed keys.
 */
const SERVERS = 100_000;

function lists(): HierarchyLists {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const octet = () => Math.floor(random() * 254) + 1;
  const racks: Rack[] = Array.from({ length: SERVERS / 40 }, (_, i) => ({
    id: i + 1,
    name: `R-${String(i + 1).padStart(5, '0')}`,
    roomId: Math.floor(i / 10) + 1,
  }));
  const rooms: Room[] = Array.from({ length: racks.length / 10 }, (_, i) => ({
    id: i + 1,
    name: `Hall ${(i % 5) + 1}`,
    datacenterId: Math.floor(i / 5) + 1,
  }));
  const datacenters: Datacenter[] = Array.from({ length: rooms.length / 5 }, (_, i) => ({
    id: i + 1,
    name: `DC-${i + 1}`,
    location: 'Somewhere',
  }));
  const servers: Server[] = Array.from({ length: SERVERS }, (_, i) => ({
    id: i + 1,
    serverName: `node-${String(i + 1).padStart(6, '0')}`,
    publicIpv4: `${octet()}.${octet()}.${octet()}.${octet()}`,
    machineId: Math.floor(random() * 2 ** 52)
      .toString(16)
      .padStart(32, '0'),
    rackId: i % 50 === 49 ? null : Math.floor(i / 40) + 1,
    deviceTypeId: null,
    rackName: null,
    roomName: null,
    datacenterName: null,
  }));
  return { servers, racks, rooms, datacenters };
}

export async function run(): Promise<void> {
  const data = lists();
  const index = buildSearchIndex(data);
  const now = Date.now();
  const bench = new Bench({ time: 2_000, warmupTime: 500 });
  bench
    .add('baseline: group by rack + numeric sort of keys', () => {
      const groups = new Map<number | null, Server[]>();
      for (const server of data.servers) {
        const group = groups.get(server.rackId);
        if (group) group.push(server);
        else groups.set(server.rackId, [server]);
      }
      const keys = new Float64Array(data.servers.length);
      data.servers.forEach((server, i) => (keys[i] = ipv4Number(server.publicIpv4) ?? 0));
      keys.sort();
    })
    .add('buildHierarchy (racks sorted when opened)', () => {
      buildHierarchy(data);
    })
    .add('buildHierarchy (every rack sorted by IPv4)', () => {
      buildHierarchy(data, DEFAULT_SORT);
    })
    .add('search index (once per lists)', () => {
      buildSearchIndex(data);
    })
    .add('search "45.67" (last octets) + tree', () => {
      buildHierarchy(filterLists(data, index, { ...EMPTY_FILTER, query: '45.67' }, now).lists);
    })
    .add('search "node-0" (10% match) + tree', () => {
      buildHierarchy(filterLists(data, index, { ...EMPTY_FILTER, query: 'node-0' }, now).lists);
    })
    .add('search 10.0.0.0/8 + unassigned only + tree', () => {
      const filter = { ...EMPTY_FILTER, query: '10.0.0.0/8', placement: 'unassigned' as const };
      buildHierarchy(filterLists(data, index, filter, now).lists);
    })
    .add('table sort by IPv4 (the default)', () => {
      sortDevices(data.servers, DEFAULT_SORT);
    })
    .add('table re-sort by serverName', () => {
      sortDevices(data.servers, { key: 'serverName', direction: 'desc' });
    });
  await bench.run();

  const mean = (name: string) => bench.getTask(name)!.result!.latency.mean;
  const baseline = mean('baseline: group by rack + numeric sort of keys');
  console.log(`${SERVERS} servers, ${data.racks.length} racks, ${data.rooms.length} rooms`);
  for (const task of bench.tasks) {
    const ms = task.result!.latency.mean;
    console.log(
      `${task.name.padEnd(48)} ${ms.toFixed(1).padStart(7)} ms   ×${(ms / baseline).toFixed(2)} of baseline`,
    );
  }
}
