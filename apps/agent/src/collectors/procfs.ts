/** Parsers for the /proc files the agent reads: pure functions of the file's text. */

export interface CpuTimes {
  /** All jiffies (guest time is already inside user and nice). */
  total: number;
  /** Idle plus I/O wait. */
  idle: number;
}

export interface CpuStat {
  overall: CpuTimes;
  count: number;
}

export function parseStat(text: string): CpuStat {
  let overall: CpuTimes | undefined;
  let count = 0;
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/);
    const name = fields[0] ?? '';
    if (name === 'cpu') {
      const [user, nice, system, idle, iowait, irq, softirq, steal] = fields
        .slice(1, 9)
        .map((value) => Number(value) || 0);
      const idleAll = (idle ?? 0) + (iowait ?? 0);
      overall = {
        total:
          (user ?? 0) +
          (nice ?? 0) +
          (system ?? 0) +
          idleAll +
          (irq ?? 0) +
          (softirq ?? 0) +
          (steal ?? 0),
        idle: idleAll,
      };
    } else if (/^cpu\d+$/.test(name)) {
      count += 1;
    }
  }
  if (!overall) throw new Error('no cpu line in /proc/stat');
  return { overall, count: Math.max(count, 1) };
}

/** Share of time not idle between two readings (0 to 1); since boot when there is no previous. */
export function cpuUsage(current: CpuTimes, previous: CpuTimes | undefined): number {
  const total = current.total - (previous?.total ?? 0);
  const idle = current.idle - (previous?.idle ?? 0);
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, 1 - idle / total));
}

/** /proc/meminfo in bytes, by key (`MemTotal`, `MemAvailable`...). */
export function parseMeminfo(text: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^(\w+(?:\(\w+\))?):\s+(\d+)(?:\s+kB)?/.exec(line);
    if (!match) continue;
    const value = Number(match[2]);
    values.set(match[1]!, line.trimEnd().endsWith('kB') ? value * 1024 : value);
  }
  return values;
}

export function parseLoadavg(text: string): { load1: number; load5: number; load15: number } {
  const [load1, load5, load15] = text.trim().split(/\s+/).map(Number);
  if (![load1, load5, load15].every((value) => Number.isFinite(value) && value! >= 0)) {
    throw new Error('unexpected /proc/loadavg');
  }
  return { load1: load1!, load5: load5!, load15: load15! };
}

export function parseUptime(text: string): number {
  const uptime = Number(text.trim().split(/\s+/)[0]);
  if (!Number.isFinite(uptime) || uptime < 0) throw new Error('unexpected /proc/uptime');
  return uptime;
}

export interface InterfaceCounters {
  interface: string;
  receiveBytes: number;
  transmitBytes: number;
  receiveErrors: number;
  transmitErrors: number;
}

/** /proc/net/dev: byte and error counters per interface (the name may touch the first number). */
export function parseNetDev(text: string): InterfaceCounters[] {
  const result: InterfaceCounters[] = [];
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon < 0 || line.includes('|')) continue;
    const name = line.slice(0, colon).trim();
    const fields = line
      .slice(colon + 1)
      .trim()
      .split(/\s+/)
      .map(Number);
    if (!name || fields.length < 16 || fields.some((value) => !Number.isFinite(value))) continue;
    result.push({
      interface: name,
      receiveBytes: fields[0]!,
      receiveErrors: fields[2]!,
      transmitBytes: fields[8]!,
      transmitErrors: fields[10]!,
    });
  }
  return result;
}

export interface DiskCounters {
  device: string;
  readBytes: number;
  writtenBytes: number;
}

/** The kernel counts disk I/O in 512-byte sectors, whatever the device's sector size. */
const SECTOR_BYTES = 512;

export function parseDiskstats(text: string): DiskCounters[] {
  const result: DiskCounters[] = [];
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10) continue;
    const sectorsRead = Number(fields[5]);
    const sectorsWritten = Number(fields[9]);
    if (!Number.isFinite(sectorsRead) || !Number.isFinite(sectorsWritten)) continue;
    result.push({
      device: fields[2]!,
      readBytes: sectorsRead * SECTOR_BYTES,
      writtenBytes: sectorsWritten * SECTOR_BYTES,
    });
  }
  return result;
}

export interface Mount {
  device: string;
  mountpoint: string;
  fsType: string;
}

/** /proc/mounts escapes space, tab, newline and backslash in paths as octal (`\040`). */
export const unescapeMountPath = (value: string) =>
  value.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));

export function parseMounts(text: string): Mount[] {
  const result: Mount[] = [];
  for (const line of text.split('\n')) {
    const [device, mountpoint, fsType] = line.trim().split(/\s+/);
    if (!device || !mountpoint || !fsType) continue;
    result.push({
      device: unescapeMountPath(device),
      mountpoint: unescapeMountPath(mountpoint),
      fsType,
    });
  }
  return result;
}
