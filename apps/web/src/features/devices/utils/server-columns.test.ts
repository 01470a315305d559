import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeColumn, serverColumnsSchema, type Server } from '@brezza/contract';
import { serverColumns } from '@/testing/device-factories';
import { parseServerColumns, serversFromColumns } from './server-columns';

const server = fc.record({
  id: fc.integer({ min: 1, max: 2_147_483_647 }),
  serverName: fc.string(),
  publicIpv4: fc.string(),
  machineId: fc.string(),
  rackId: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
  deviceTypeId: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
  deviceType: fc.constantFrom('server' as const, 'pcdu' as const, 'pdu' as const),
  roomId: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
  rackName: fc.constant(null),
  roomName: fc.constant(null),
  datacenterName: fc.constant(null),
  lastSeenAt: fc.option(fc.constant('2026-11-23T00:00:00.000Z'), { nil: null }),
});

describe('server columns', () => {
  it('turns the columns back into the servers, sparse columns too', () => {
    fc.assert(
      fc.property(fc.array(server, { maxLength: 20 }), (servers) => {
        expect(serversFromColumns(parseServerColumns(serverColumns(servers)))).toEqual(servers);
        const { count, columns } = serverColumns(servers);
        const sparse = {
          count,
          columns: {
            ...columns,
            deviceTypeId: encodeColumn(columns.deviceTypeId as (number | null)[], null),
            deviceType: encodeColumn(columns.deviceType as Server['deviceType'][], 'server'),
            roomId: encodeColumn(columns.roomId as (number | null)[], null),
            lastSeenAt: encodeColumn(columns.lastSeenAt as (string | null)[], null),
          },
        };
        expect(serversFromColumns(parseServerColumns(sparse))).toEqual(servers);
      }),
    );
  });

  it('accepts exactly what the contract schema accepts', () => {
    const value = fc.oneof(
      fc.integer({ min: -2, max: 3 }),
      fc.constant(null),
      fc.string(),
      fc.double(),
      fc.constantFrom('server', 'pcdu', 'pdu'),
    );
    const dense = fc.array(value, { maxLength: 2 });
    const maybeSparse = fc.oneof(
      dense,
      fc.record({
        usual: fc.constantFrom(null, 'server', 1),
        except: fc.array(
          fc.oneof(fc.tuple(fc.integer({ min: -1, max: 2 }), value), fc.constant([0])),
          { maxLength: 2 },
        ),
      }),
    );
    const body = fc.record({
      count: fc.constantFrom(0, 1, 2, -1, 1.5),
      columns: fc.record({
        id: fc.oneof(dense, maybeSparse),
        serverName: dense,
        publicIpv4: dense,
        machineId: dense,
        rackId: dense,
        deviceTypeId: maybeSparse,
        deviceType: maybeSparse,
        roomId: maybeSparse,
        lastSeenAt: maybeSparse,
      }),
    });
    fc.assert(
      fc.property(body, (candidate) => {
        const schemaAccepts = serverColumnsSchema.safeParse(candidate).success;
        let ours = true;
        try {
          parseServerColumns(candidate);
        } catch {
          ours = false;
        }
        expect(ours).toBe(schemaAccepts);
      }),
      { numRuns: 500 },
    );
  });
});
