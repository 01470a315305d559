import type { Scope, Severity } from '@brezza/contract';

/** A device as rules, silences and channels match it. */
export interface DeviceInfo {
  id: number;
  name: string;
  type: 'server' | 'pcdu' | 'pdu';
  rackId: number | null;
  roomId: number | null;
  datacenterId: number | null;
  /** The newest report from the device (agent push or equipment reading), ms. */
  lastSeenMs: number | null;
}

/** Whether a device is inside a scope. Pure. */
export function inScope(scope: Scope, device: DeviceInfo): boolean {
  switch (scope.kind) {
    case 'organisation':
      return true;
    case 'deviceType':
      return device.type === scope.deviceType;
    case 'device':
      return device.id === scope.id;
    case 'rack':
      return device.rackId === scope.id;
    case 'room':
      return device.roomId === scope.id;
    case 'datacenter':
      return device.datacenterId === scope.id;
  }
}

const RANK: Record<Severity, number> = { warning: 0, critical: 1 };
export const severityReaches = (severity: Severity, minimum: Severity) =>
  RANK[severity] >= RANK[minimum];

/** The labels of a series as one key; '' for a device-wide value. */
export function seriesKey(labels: Record<string, string> | undefined): string {
  if (!labels) return '';
  const names = Object.keys(labels).sort();
  if (names.length === 0) return '';
  return JSON.stringify(Object.fromEntries(names.map((n) => [n, labels[n]!])));
}

/** Webhook retries: 5 s, 10 s, 20 s, ... capped at 10 minutes. */
export const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** (attempts - 1), 600_000);
