import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildServer } from '@/testing/device-factories';
import {
  DEFAULT_SORT,
  compareIpv4,
  compareText,
  ipv4Number,
  nextSort,
  sortDevices,
  sortDevicesOnce,
  type SortState,
} from './sort';

describe('nextSort', () => {
  it('starts on publicIpv4 ascending', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'publicIpv4', direction: 'asc' });
  });

  it('flips the active column and selects another one ascending', () => {
    expect(nextSort(DEFAULT_SORT, 'publicIpv4')).toEqual({ key: 'publicIpv4', direction: 'desc' });
    expect(nextSort({ key: 'publicIpv4', direction: 'desc' }, 'publicIpv4')).toEqual(DEFAULT_SORT);
    expect(nextSort({ key: 'publicIpv4', direction: 'desc' }, 'machineId')).toEqual({
      key: 'machineId',
      direction: 'asc',
    });
  });
});

describe('IPv4 order', () => {
  it('reads dotted quads as numbers and rejects anything else', () => {
    expect(ipv4Number('0.0.0.0')).toBe(0);
    expect(ipv4Number('255.255.255.255')).toBe(2 ** 32 - 1);
    expect(ipv4Number(' 10.0.0.1 ')).toBe(167772161);
    for (const bad of ['', '10.0.0', '10.0.0.256', '1.2.3.4.5', 'a.b.c.d', '::1']) {
      expect(ipv4Number(bad)).toBeNull();
    }
  });

  it('compares by octet, not as text', () => {
    expect(compareIpv4('10.0.0.9', '10.0.0.10')).toBeLessThan(0);
    expect(compareIpv4('9.255.255.255', '10.0.0.0')).toBeLessThan(0);
    expect(compareIpv4('192.168.1.1', '192.168.1.1')).toBe(0);
    expect(compareIpv4('1.1.1.1', 'unknown')).toBeLessThan(0);
  });

  it('agrees with numeric order for every pair of addresses', () => {
    const octets = fc.tuple(...Array.from({ length: 4 }, () => fc.integer({ min: 0, max: 255 })));
    fc.assert(
      fc.property(octets, octets, (a, b) => {
        const number = (o: number[]) => o.reduce((acc, x) => acc * 256 + x, 0);
        expect(Math.sign(compareIpv4(a.join('.'), b.join('.')))).toBe(
          Math.sign(number(a) - number(b)),
        );
      }),
    );
  });
});

describe('compareText', () => {
  it('ignores case', () => {
    expect(compareText('Alpha', 'alpha')).toBe(0);
    expect(compareText('alpha', 'Beta')).toBeLessThan(0);
    expect(compareText('Zeta', 'beta')).toBeGreaterThan(0);
  });
});

describe('sortDevices', () => {
  const names = (rows: { serverName: string }[]) => rows.map((r) => r.serverName);
  const sort = (key: SortState['key'], direction: SortState['direction'] = 'asc') => ({
    key,
    direction,
  });

  it('sorts addresses numerically both ways, empty values last', () => {
    const rows = [
      buildServer({ serverName: 'b', publicIpv4: '10.0.0.10' }),
      buildServer({ serverName: 'empty', publicIpv4: '' }),
      buildServer({ serverName: 'a', publicIpv4: '10.0.0.9' }),
      buildServer({ serverName: 'c', publicIpv4: '9.1.1.1' }),
    ];
    expect(names(sortDevices(rows, sort('publicIpv4')))).toEqual(['c', 'a', 'b', 'empty']);
    expect(names(sortDevices(rows, sort('publicIpv4', 'desc')))).toEqual(['b', 'a', 'c', 'empty']);
  });

  it('sorts names and machine ids case-insensitively', () => {
    const rows = [
      buildServer({ serverName: 'web-2', machineId: 'B1' }),
      buildServer({ serverName: 'Web-1', machineId: 'a2' }),
      buildServer({ serverName: 'db', machineId: 'A1' }),
    ];
    expect(names(sortDevices(rows, sort('serverName')))).toEqual(['db', 'Web-1', 'web-2']);
    expect(names(sortDevices(rows, sort('serverName', 'desc')))).toEqual(['web-2', 'Web-1', 'db']);
    expect(names(sortDevices(rows, sort('machineId')))).toEqual(['db', 'Web-1', 'web-2']);
  });

  it('keeps the given order for ties in both directions', () => {
    const rows = [1, 2, 3].map((n) => buildServer({ serverName: `s${n}`, publicIpv4: '1.1.1.1' }));
    expect(names(sortDevices(rows, sort('publicIpv4')))).toEqual(['s1', 's2', 's3']);
    expect(names(sortDevices(rows, sort('publicIpv4', 'desc')))).toEqual(['s1', 's2', 's3']);
  });

  it('handles an empty list and never changes its input', () => {
    expect(sortDevices([], DEFAULT_SORT)).toEqual([]);
    const rows = [buildServer({ publicIpv4: '2.2.2.2' }), buildServer({ publicIpv4: '1.1.1.1' })];
    const copy = [...rows];
    sortDevices(rows, DEFAULT_SORT);
    expect(rows).toEqual(copy);
  });

  it('is a permutation in order for any rows', () => {
    const row = fc.record({
      serverName: fc.string({ maxLength: 6 }),
      publicIpv4: fc.oneof(fc.ipV4(), fc.constant(''), fc.string({ maxLength: 4 })),
      machineId: fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF '), maxLength: 20 }),
    });
    const key = fc.constantFrom('serverName', 'publicIpv4', 'machineId') as fc.Arbitrary<
      SortState['key']
    >;
    fc.assert(
      fc.property(fc.array(row), key, fc.constantFrom('asc', 'desc'), (rows, k, direction) => {
        const sorted = sortDevices(rows, { key: k, direction: direction as 'asc' | 'desc' });
        expect(sorted).toHaveLength(rows.length);
        expect(new Set(sorted)).toEqual(new Set(rows));
        const firstEmpty = sorted.findIndex((r) => r[k].trim() === '');
        if (firstEmpty >= 0)
          expect(sorted.slice(firstEmpty).every((r) => r[k].trim() === '')).toBe(true);
        const nonEmpty = sorted.filter((r) => r[k].trim() !== '');
        for (let i = 1; i < nonEmpty.length; i += 1) {
          const cmp =
            k === 'publicIpv4'
              ? compareIpv4(nonEmpty[i - 1]![k], nonEmpty[i]![k])
              : compareText(nonEmpty[i - 1]![k], nonEmpty[i]![k]);
          expect(direction === 'asc' ? cmp <= 0 : cmp >= 0).toBe(true);
        }
      }),
    );
  });

  it('sorts by address exactly as comparing with compareIpv4 would, ties in given order', () => {
    const row = fc.record({
      serverName: fc.constant('n'),
      publicIpv4: fc.oneof(
        fc.ipV4(),
        fc.constantFrom('10.0.0.1', '10.0.0.1', ' ', ''),
        fc.string({ maxLength: 3 }),
      ),
      machineId: fc.constant(''),
    });
    fc.assert(
      fc.property(fc.array(row), fc.constantFrom('asc', 'desc'), (rows, direction) => {
        const sign = direction === 'asc' ? 1 : -1;
        const empty = (value: string) => (value.trim() === '' ? 1 : 0);
        const expected = rows
          .map((r, i) => ({ r, i }))
          .sort(
            (a, b) =>
              empty(a.r.publicIpv4) - empty(b.r.publicIpv4) ||
              (empty(a.r.publicIpv4) ? 0 : sign * compareIpv4(a.r.publicIpv4, b.r.publicIpv4)) ||
              a.i - b.i,
          )
          .map(({ r }) => r);
        expect(sortDevices(rows, { key: 'publicIpv4', direction })).toEqual(expected);
      }),
    );
  });
});

describe('sortDevicesOnce', () => {
  const names = (rows: readonly { serverName: string }[]) => rows.map((r) => r.serverName);
  const byName = (direction: SortState['direction'] = 'asc'): SortState => ({
    key: 'serverName',
    direction,
  });

  it('sorts a list once per sort while the list lives, and a new list afresh', () => {
    const rows = [buildServer({ serverName: 'b' }), buildServer({ serverName: 'a' })];
    const ascending = sortDevicesOnce(rows, byName());
    expect(names(ascending)).toEqual(['a', 'b']);
    expect(sortDevicesOnce(rows, byName())).toBe(ascending);
    expect(names(sortDevicesOnce(rows, byName('desc')))).toEqual(['b', 'a']);
    const changed = [...rows, buildServer({ serverName: 'c' })];
    expect(names(sortDevicesOnce(changed, byName()))).toEqual(['a', 'b', 'c']);
  });

  it('orders a list changed in rows of equal sort values as sorting it afresh would', () => {
    const value = fc.constantFrom('a', 'B', 'b', '10.0.0.1', '10.0.0.10', '9.9.9.9', '', ' ');
    const row = fc.record({ serverName: value, publicIpv4: value, machineId: value });
    const key = fc.constantFrom('serverName', 'publicIpv4', 'machineId') as fc.Arbitrary<
      SortState['key']
    >;
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 40 }),
        fc.array(fc.tuple(fc.nat(), fc.boolean(), value)),
        key,
        fc.constantFrom('asc', 'desc'),
        (rows, changes, k, direction) => {
          const sort = { key: k, direction: direction as 'asc' | 'desc' };
          sortDevicesOnce(rows, sort);
          // Rows replaced by copies: some keep their sort value (a move), some do not.
          const next = [...rows];
          for (const [at, keep, other] of changes) {
            if (next.length === 0) break;
            const index = at % next.length;
            next[index] = { ...next[index]!, [k]: keep ? next[index]![k] : other };
          }
          expect(sortDevicesOnce(next, sort)).toEqual(sortDevices(next, sort));
        },
      ),
    );
  });
});
