import type { Aggregate, GroupBy, MetricSeries, ScopeType } from '@brezza/contract';
import type { PlacedDevice } from './repository.js';
import type { StoredSeries } from './store/types.js';

/** Pure rules of the query API: which devices a scope holds, and how series are combined. */

export function devicesInScope(
  devices: readonly PlacedDevice[],
  scope: { type: ScopeType; id?: number },
): PlacedDevice[] {
  switch (scope.type) {
    case 'organisation':
      return [...devices];
    case 'datacenter':
      return devices.filter((d) => d.datacenterId === scope.id);
    case 'room':
      return devices.filter((d) => d.roomId === scope.id);
    case 'rack':
      return devices.filter((d) => d.rackId === scope.id);
    case 'server':
      return devices.filter((d) => d.id === scope.id);
  }
}

/** The id "0" names the group of devices without a rack (room, datacenter). */
export const UNASSIGNED_ID = '0';
export const UNASSIGNED_NAME = 'Unassigned';

/** The group labels of a device: `{ rack: "3", rackName: "R1" }`, or none without groupBy. */
export function groupLabels(
  device: PlacedDevice,
  groupBy: GroupBy | undefined,
): Record<string, string> {
  if (!groupBy) return {};
  const [id, name] =
    groupBy === 'server'
      ? [device.id, device.name]
      : groupBy === 'rack'
        ? [device.rackId, device.rackName]
        : groupBy === 'room'
          ? [device.roomId, device.roomName]
          : [device.datacenterId, device.datacenterName];
  return {
    [groupBy]: id === null ? UNASSIGNED_ID : String(id),
    [`${groupBy}Name`]: name ?? UNASSIGNED_NAME,
  };
}

/**
 * Combines stored series (each already reduced per step) into one series per group: at each
 * step the group's value is the sum, mean, min or max of its series' values at that step.
 */
export function combineSeries(
  stored: readonly StoredSeries[],
  devices: ReadonlyMap<number, PlacedDevice>,
  groupBy: GroupBy | undefined,
  aggregate: Aggregate,
): MetricSeries[] {
  const groups = new Map<
    string,
    { labels: Record<string, string>; steps: Map<number, number[]> }
  >();
  for (const series of stored) {
    const device = devices.get(series.deviceId);
    if (!device) continue;
    const labels = groupLabels(device, groupBy);
    const key = JSON.stringify(labels);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { labels, steps: new Map() }));
    for (const [t, value] of series.points) {
      const values = group.steps.get(t);
      if (values) values.push(value);
      else group.steps.set(t, [value]);
    }
  }
  const reduce = (values: number[]) =>
    aggregate === 'min'
      ? Math.min(...values)
      : aggregate === 'max'
        ? Math.max(...values)
        : aggregate === 'sum'
          ? values.reduce((a, b) => a + b, 0)
          : values.reduce((a, b) => a + b, 0) / values.length;
  return [...groups.values()]
    .map((group) => ({
      labels: group.labels,
      points: [...group.steps.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([t, values]): [number, number] => [t, reduce(values)]),
    }))
    .sort((a, b) => JSON.stringify(a.labels).localeCompare(JSON.stringify(b.labels)));
}
