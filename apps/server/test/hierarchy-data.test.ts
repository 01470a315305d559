import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATACENTERS_PATH,
  RACKS_PATH,
  ROOMS_PATH,
  SERVERS_PATH,
  datacentersListSchema,
  racksListSchema,
  roomsListSchema,
  serversListSchema,
} from '@brezza/contract';
import { seedDemoHierarchy } from '../src/modules/hierarchy/demo-data.js';
import { generateHierarchy } from '../src/modules/hierarchy/generate.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';

describe('hierarchy data', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const lists = async (operator: Operator) => {
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: operator.headers })).json();
    return {
      servers: serversListSchema.parse(await get(SERVERS_PATH)).servers,
      datacenters: datacentersListSchema.parse(await get(DATACENTERS_PATH)).datacenters,
      rooms: roomsListSchema.parse(await get(ROOMS_PATH)).rooms,
      racks: racksListSchema.parse(await get(RACKS_PATH)).racks,
    };
  };

  it('seeds the demo organisation with a hierarchy that exercises every part of the page', async () => {
    const operator = await createOperator(t);
    await lists(operator); // caches the empty lists: the seed must invalidate them
    await seedDemoHierarchy(t.app.database.db, operator.organisationId);
    const { servers, datacenters, rooms, racks } = await lists(operator);

    expect(datacenters).toHaveLength(2);
    expect(datacenters.every((dc) => dc.location.length > 0)).toBe(true);
    expect(rooms.some((room) => room.datacenterId === null)).toBe(true);
    expect(racks.some((rack) => rack.roomId === null)).toBe(true);
    expect(servers.length).toBeGreaterThanOrEqual(35);
    expect(servers.length).toBeLessThanOrEqual(45);
    expect(servers.filter((s) => s.rackId === null).length).toBeGreaterThanOrEqual(3);
    expect(servers.every((s) => /^[0-9a-f]{32}$/.test(s.machineId))).toBe(true);
    expect(servers.every((s) => /^\d+\.\d+\.\d+\.\d+$/.test(s.publicIpv4))).toBe(true);
    expect(new Set(servers.map((s) => s.publicIpv4)).size).toBe(servers.length);
    // An empty rack and a room without racks, for the empty states.
    expect(racks.some((rack) => !servers.some((s) => s.rackId === rack.id))).toBe(true);
    expect(rooms.some((room) => !racks.some((rack) => rack.roomId === room.id))).toBe(true);
  });

  it('generates a large organisation in a full hierarchy', async () => {
    const operator = await createOperator(t);
    const counts = await generateHierarchy(t.app.database.db, operator.organisationId, {
      servers: 1234,
    });
    expect(counts).toEqual({ datacenters: 1, rooms: 4, racks: 31, servers: 1234 });
    const { servers, racks } = await lists(operator);
    expect(servers).toHaveLength(1234);
    expect(racks).toHaveLength(31);
    expect(servers.filter((s) => s.rackId === null)).toHaveLength(24);
    expect(servers[0]).toMatchObject({ serverName: 'node-00001', datacenterName: 'DC-01' });
  });
});
