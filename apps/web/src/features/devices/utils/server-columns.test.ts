import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { serverColumnsSchema } from '@brezza/contract';
import { serverColumns } from '@/testing/device-factories';
import { parseServerColumns, serversFromColumns } from './server-columns';

const server = fc.record({
  id: fc.integer({ min: 1, max: 2_147_483_647 }),
  serverName: fc.string(),
  publicIpv4: fc.string(),
  machineId: fc.string(),
  rackId: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
  deviceTypeId: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
  rackName: fc.constant(null),
  roomName: fc.constant(null),
  datacenterName: fc.constant(null),
  lastSeenAt: fc.option(fc.constant('2026-11-23T00:00:00.000Z'), { nil: null }),
});

describe('server columns', () => {
  it('turns the columns back into the servers', () => {
    fc.assert(
      fc.property(fc.array(server, { maxLength: 20 }), (servers) => {
        expect(serversFromColumns(parseServerColumns(serverColumns(servers)))).toEqual(servers);
      }),
    );
  });

  it('accepts exactly what the contract schema accepts', () => {
    const value = fc.oneof(
      fc.integer({ min: -2, max: 3 }),
      fc.constant(null),
      fc.string(),
      fc.double(),
    );
    const body = fc.record({
      count: fc.constantFrom(0, 1, 2, -1, 1.5),
      columns: fc.record({
        id: fc.array(value, { maxLength: 2 }),
        serverName: fc.array(value, { maxLength: 2 }),
        publicIpv4: fc.array(value, { maxLength: 2 }),
        machineId: fc.array(value, { maxLength: 2 }),
        rackId: fc.array(value, { maxLength: 2 }),
        deviceTypeId: fc.array(value, { maxLength: 2 }),
        lastSeenAt: fc.array(value, { maxLength: 2 }),
      }),
    });
    fc.assert(
      fc.property(body, (candidate) => {
        const schemaAccepts =
          serverColumnsSchema.safeParse(candidate).success &&
          Object.values(candidate.columns).every((column) => column.length === candidate.count);
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
