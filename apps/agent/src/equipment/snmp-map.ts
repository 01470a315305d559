import type { ReadingValue, SnmpMetric } from '@brezza/contract';
import { scaled } from './modbus-map.js';

/**
 * The pure half of SNMP collection: which subtrees to walk for a profile, and how walked
 * OIDs become readings. An indexed metric's OID is a template: the part before `{i}` is walked,
 * and an instance whose rest matches gives `{i}`.
 */

export interface MetricPattern {
  metric: SnmpMetric;
  /** Walked for indexed metrics; fetched with GET for device metrics. */
  root: string;
  /** The rest after `root.`, with the outlet or phase number captured. */
  rest: RegExp | undefined;
}

export function metricPattern(metric: SnmpMetric): MetricPattern {
  const at = metric.oid.indexOf('.{i}');
  if (at < 0) return { metric, root: metric.oid, rest: undefined };
  const after = metric.oid.slice(at + '.{i}'.length).replace(/\./g, '\\.');
  return { metric, root: metric.oid.slice(0, at), rest: new RegExp(`^(\\d+)${after}$`) };
}

/** The subtrees to walk (once each, shared by metrics that live in the same table). */
export function walkRoots(metrics: readonly SnmpMetric[]): string[] {
  const roots = metrics.map(metricPattern).filter((p) => p.rest);
  // A root inside another root's subtree is covered by that walk.
  const unique = [...new Set(roots.map((p) => p.root))].sort();
  return unique.filter(
    (root) => !unique.some((other) => other !== root && root.startsWith(`${other}.`)),
  );
}

/** A varbind value as a number: integers, gauges, counters (Counter64 arrives as bytes). */
export function numericValue(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'bigint') return Number(value);
  if (Buffer.isBuffer(value) && value.length > 0 && value.length <= 8) {
    return Number(BigInt(`0x${value.toString('hex')}`));
  }
  return undefined;
}

export function metricValue(metric: SnmpMetric, raw: number): ReadingValue {
  if (metric.states) return metric.states[String(raw)] ?? `UNKNOWN (${raw})`;
  return scaled(raw, metric.scale);
}

/** Readings from walked and fetched varbinds (OID without a leading dot → raw number). */
export function decodeSnmp(
  metrics: readonly SnmpMetric[],
  varbinds: ReadonlyMap<string, number>,
): Record<string, ReadingValue> {
  const values: Record<string, ReadingValue> = {};
  for (const pattern of metrics.map(metricPattern)) {
    if (!pattern.rest) {
      const raw = varbinds.get(pattern.root);
      if (raw !== undefined) values[pattern.metric.sensor] = metricValue(pattern.metric, raw);
      continue;
    }
    const prefix = `${pattern.root}.`;
    for (const [oid, raw] of varbinds) {
      if (!oid.startsWith(prefix)) continue;
      const match = pattern.rest.exec(oid.slice(prefix.length));
      if (!match) continue;
      values[pattern.metric.sensor.replace('{i}', match[1]!)] = metricValue(pattern.metric, raw);
    }
  }
  return values;
}
