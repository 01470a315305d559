import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combineSeries, devicesInScope, groupLabels, UNASSIGNED_ID } from './combine.js';
import type { PlacedDevice } from './repository.js';

const device = (id: number, rackId: number | null, roomId: number | null): PlacedDevice => ({
  id,
  name: `s${id}`,
  rackId,
  rackName: rackId === null ? null : `r${rackId}`,
  roomId,
  roomName: roomId === null ? null : `room${roomId}`,
  datacenterId: null,
  datacenterName: null,
});

describe('combineSeries', () => {
  const devices = new Map([1, 2, 3].map((id) => [id, device(id, id === 3 ? 2 : 1, 1)]));
  const stored = [
    {
      deviceId: 1,
      labels: {},
      points: [
        [0, 10],
        [60, 20],
      ] as [number, number][],
    },
    { deviceId: 2, labels: {}, points: [[0, 30]] as [number, number][] },
    { deviceId: 3, labels: {}, points: [[0, 5]] as [number, number][] },
  ];

  it('combines the series of each group at each step', () => {
    expect(combineSeries(stored, devices, 'rack', 'sum')).toEqual([
      {
        labels: { rack: '1', rackName: 'r1' },
        points: [
          [0, 40],
          [60, 20],
        ],
      },
      { labels: { rack: '2', rackName: 'r2' }, points: [[0, 5]] },
    ]);
    expect(combineSeries(stored, devices, undefined, 'avg')[0]!.points).toEqual([
      [0, 15],
      [60, 20],
    ]);
    expect(combineSeries(stored, devices, 'room', 'max')[0]!.points).toEqual([
      [0, 30],
      [60, 20],
    ]);
  });

  it('sums to the total of the groups, whatever the grouping', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 1000 })), {
          maxLength: 30,
        }),
        (rows) => {
          const series = rows.map(([deviceId, value]) => ({
            deviceId,
            labels: { n: String(Math.random()) },
            points: [[0, value]] as [number, number][],
          }));
          const total = rows.reduce((a, [, value]) => a + value, 0);
          for (const groupBy of [undefined, 'server', 'rack', 'room'] as const) {
            const sum = combineSeries(series, devices, groupBy, 'sum').reduce(
              (a, s) => a + (s.points[0]?.[1] ?? 0),
              0,
            );
            expect(sum).toBe(total);
          }
        },
      ),
    );
  });
});

describe('scopes and groups', () => {
  it('puts unplaced devices in an "unassigned" group and scopes by the hierarchy', () => {
    const loose = device(9, null, null);
    expect(groupLabels(loose, 'rack')).toEqual({ rack: UNASSIGNED_ID, rackName: 'Unassigned' });
    expect(
      devicesInScope([device(1, 1, 1), loose], { type: 'rack', id: 1 }).map((d) => d.id),
    ).toEqual([1]);
    expect(devicesInScope([device(1, 1, 1), loose], { type: 'organisation' })).toHaveLength(2);
  });
});
