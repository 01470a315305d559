import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SPARSE_COLUMN_MAX_SHARE,
  decodeColumn,
  encodeColumn,
  serverColumnsSchema,
} from './hierarchy-bulk.js';

describe('sparse columns', () => {
  it('decode to the values they were encoded from', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(null, 1, 2, 3)), (values) => {
        expect(decodeColumn(encodeColumn(values, null), values.length)).toEqual(values);
      }),
    );
  });

  it('go sparse only when few rows differ from the usual value', () => {
    const mostlyServers = [...Array<string>(9).fill('server'), 'pcdu'];
    expect(encodeColumn(mostlyServers, 'server')).toEqual({
      usual: 'server',
      except: [[9, 'pcdu']],
    });
    const seen = ['2026-11-23T10:00:00.000Z', '2026-11-23T10:00:15.000Z', null, null];
    expect(encodeColumn(seen, null)).toBe(seen);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(null, 1)), (values) => {
        const encoded = encodeColumn(values, null);
        const differing = values.filter((value) => value !== null).length;
        expect(Array.isArray(encoded)).toBe(differing > values.length * SPARSE_COLUMN_MAX_SHARE);
      }),
    );
  });

  it('are checked against the row count', () => {
    const body = (roomId: unknown) => ({
      count: 2,
      columns: {
        id: [1, 2],
        serverName: ['a', 'b'],
        publicIpv4: ['', ''],
        machineId: ['', ''],
        rackId: [null, 4],
        deviceTypeId: { usual: null, except: [] },
        deviceType: { usual: 'server', except: [[1, 'pdu']] },
        roomId,
        lastSeenAt: [null, null],
      },
    });
    expect(serverColumnsSchema.safeParse(body({ usual: null, except: [[1, 7]] })).success).toBe(
      true,
    );
    expect(serverColumnsSchema.safeParse(body({ usual: null, except: [[2, 7]] })).success).toBe(
      false,
    );
    expect(serverColumnsSchema.safeParse(body({ usual: 3, except: [] })).success).toBe(false);
    expect(serverColumnsSchema.safeParse(body([null])).success).toBe(false);
  });
});
