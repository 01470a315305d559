import fs from 'node:fs';
import path from 'node:path';
import type { AgentSample } from '@brezza/contract';
import {
  cpuUsage,
  parseDiskstats,
  parseLoadavg,
  parseMeminfo,
  parseMounts,
  parseNetDev,
  parseStat,
  parseUptime,
  type CpuTimes,
} from './procfs.js';
import {
  averageWatts,
  readBlockDevices,
  readHwmonPower,
  readHwmonTemperatures,
  readRapl,
  readThermalZones,
  type EnergyReading,
} from './sysfs.js';

/** Filesystems that hold data; pseudo and per-container filesystems would only add noise. */
const DATA_FILESYSTEMS = new Set([
  'ext2',
  'ext3',
  'ext4',
  'xfs',
  'btrfs',
  'zfs',
  'f2fs',
  'jfs',
  'reiserfs',
  'vfat',
  'exfat',
  'ntfs',
  'ntfs3',
  'bcachefs',
  'nfs',
  'nfs4',
  'cifs',
  'ceph',
]);

/** The server's limits per sample (see the contract); more would be refused. */
const LIMITS = { filesystems: 64, disks: 64, network: 128, temperatures: 256, power: 64 };

export interface FilesystemStats {
  blocks: number;
  bfree: number;
  bavail: number;
  bsize: number;
}

export interface SamplerOptions {
  /** Where /proc and /sys are: `/`, or a fixture tree in tests. */
  root: string;
  statfs?: (mountpoint: string) => FilesystemStats;
  now?: () => Date;
}

export type Sampler = ReturnType<typeof createSampler>;

/**
 * Reads one sample of the machine each time `collect` is called. CPU usage and RAPL watts are
 * rates, so the sampler keeps the previous counters: the first CPU figure is the average since
 * boot and the first RAPL reading has no watts yet.
 */
export function createSampler({
  root,
  statfs = (mountpoint) => fs.statfsSync(mountpoint),
  now = () => new Date(),
}: SamplerOptions) {
  let previousCpu: CpuTimes | undefined;
  let previousEnergy = new Map<string, EnergyReading>();
  let previousAt: number | undefined;

  const proc = (file: string) => fs.readFileSync(path.join(root, 'proc', file), 'utf8');
  // A missing or unreadable source leaves its part out of the sample.
  const attempt = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch {
      return undefined;
    }
  };

  function filesystems(): AgentSample['filesystems'] {
    const seen = new Set<string>();
    const result: NonNullable<AgentSample['filesystems']> = [];
    for (const mount of parseMounts(proc('mounts'))) {
      if (!DATA_FILESYSTEMS.has(mount.fsType) || seen.has(mount.device)) continue;
      seen.add(mount.device);
      const stats = attempt(() => statfs(path.join(root, mount.mountpoint)));
      if (!stats) continue;
      result.push({
        device: mount.device.slice(0, 128),
        mountpoint: mount.mountpoint.slice(0, 255),
        fsType: mount.fsType.slice(0, 32),
        sizeBytes: stats.blocks * stats.bsize,
        freeBytes: stats.bfree * stats.bsize,
        availableBytes: stats.bavail * stats.bsize,
      });
    }
    return result.slice(0, LIMITS.filesystems);
  }

  function disks(): AgentSample['disks'] {
    const whole = readBlockDevices(root);
    return parseDiskstats(proc('diskstats'))
      .filter((disk) => (whole ? whole.has(disk.device) : !/^(loop|ram)\d/.test(disk.device)))
      .slice(0, LIMITS.disks);
  }

  function power(elapsedSeconds: number): AgentSample['power'] {
    const energy = readRapl(root);
    const rapl = energy.map((reading) => ({
      source: 'rapl' as const,
      domain: reading.domain,
      watts: averageWatts(reading, previousEnergy.get(reading.domain), elapsedSeconds),
      energyJoules: reading.energyMicrojoules / 1e6,
    }));
    previousEnergy = new Map(energy.map((reading) => [reading.domain, reading]));
    const meters = readHwmonPower(root).map((reading) => ({
      source: 'hwmon' as const,
      domain: `${reading.chip}/${reading.sensor}`.slice(0, 128),
      watts: reading.watts,
      energyJoules: null,
    }));
    return [...rapl, ...meters].slice(0, LIMITS.power);
  }

  return {
    collect(): AgentSample {
      const at = now();
      const elapsedSeconds = previousAt === undefined ? 0 : (at.getTime() - previousAt) / 1000;
      previousAt = at.getTime();

      const stat = attempt(() => parseStat(proc('stat')));
      const cpu = stat && { count: stat.count, usageRatio: cpuUsage(stat.overall, previousCpu) };
      if (stat) previousCpu = stat.overall;

      const meminfo = attempt(() => parseMeminfo(proc('meminfo')));
      const memory =
        meminfo?.has('MemTotal') === true
          ? {
              totalBytes: meminfo.get('MemTotal')!,
              availableBytes: meminfo.get('MemAvailable') ?? meminfo.get('MemFree') ?? 0,
              swapTotalBytes: meminfo.get('SwapTotal') ?? 0,
              swapFreeBytes: meminfo.get('SwapFree') ?? 0,
            }
          : undefined;

      const network = attempt(() =>
        parseNetDev(proc('net/dev'))
          .filter((nic) => nic.interface !== 'lo' && !nic.interface.startsWith('veth'))
          .slice(0, LIMITS.network),
      );
      const temperatures = [
        ...(attempt(() => readHwmonTemperatures(root)) ?? []),
        ...(attempt(() => readThermalZones(root)) ?? []),
      ].slice(0, LIMITS.temperatures);
      const watts = attempt(() => power(elapsedSeconds));

      const sample: AgentSample = { collectedAt: at.toISOString() };
      const uptime = attempt(() => parseUptime(proc('uptime')));
      if (uptime !== undefined) sample.uptimeSeconds = uptime;
      if (cpu) sample.cpu = cpu;
      if (memory) sample.memory = memory;
      const load = attempt(() => parseLoadavg(proc('loadavg')));
      if (load) sample.load = load;
      const fsList = attempt(filesystems);
      if (fsList?.length) sample.filesystems = fsList;
      const diskList = attempt(disks);
      if (diskList?.length) sample.disks = diskList;
      if (network?.length) sample.network = network;
      if (temperatures.length) sample.temperatures = temperatures;
      if (watts?.length) sample.power = watts;
      return sample;
    },
  };
}
