import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentSampleSchema } from '@brezza/contract';
import { createSampler, type FilesystemStats } from './sampler.js';

const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures');
const SERVER = path.join(fixtures, 'server-a');
const CONTAINER = path.join(fixtures, 'container');

/** statfs of the fixture's mount points: 4 KiB blocks, sizes by mount. */
const fakeStatfs =
  (sizes: Record<string, number>) =>
  (mountpoint: string): FilesystemStats => {
    const key = Object.keys(sizes).find((relative) => mountpoint.endsWith(relative));
    if (key === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    const blocks = sizes[key]!;
    return { blocks, bfree: blocks / 2, bavail: blocks / 4, bsize: 4096 };
  };

function clock(start = Date.parse('2026-01-01T00:00:00Z')) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe('createSampler on a server with sensors', () => {
  const statfs = fakeStatfs({ '/srv/data store': 1000, 'server-a/': 2000 });

  it('reads every part, in the shape the server accepts', () => {
    const sample = createSampler({ root: SERVER, statfs, now: clock().now }).collect();
    expect(agentSampleSchema.safeParse(sample).success).toBe(true);
    expect(sample.collectedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(sample.uptimeSeconds).toBe(86400.5);
    expect(sample.cpu?.count).toBe(2);
    expect(sample.cpu?.usageRatio).toBeCloseTo(0.15);
    expect(sample.memory).toEqual({
      totalBytes: 16384000 * 1024,
      availableBytes: 8192000 * 1024,
      swapTotalBytes: 2048000 * 1024,
      swapFreeBytes: 1024000 * 1024,
    });
    expect(sample.load).toEqual({ load1: 0.52, load5: 0.58, load15: 0.59 });
  });

  it('lists data filesystems once per device, whole disks, and real interfaces', () => {
    const sample = createSampler({ root: SERVER, statfs, now: clock().now }).collect();
    expect(sample.filesystems).toEqual([
      {
        device: '/dev/sda1',
        mountpoint: '/',
        fsType: 'ext4',
        sizeBytes: 2000 * 4096,
        freeBytes: 1000 * 4096,
        availableBytes: 500 * 4096,
      },
      {
        device: '/dev/nvme0n1p1',
        mountpoint: '/srv/data store',
        fsType: 'xfs',
        sizeBytes: 1000 * 4096,
        freeBytes: 500 * 4096,
        availableBytes: 250 * 4096,
      },
    ]);
    expect(sample.disks?.map((disk) => disk.device)).toEqual(['sda', 'nvme0n1']);
    expect(sample.disks?.[0]).toEqual({
      device: 'sda',
      readBytes: 2048 * 512,
      writtenBytes: 4096 * 512,
    });
    expect(sample.network?.map((nic) => nic.interface)).toEqual(['eth0']);
  });

  it('reads hwmon chips (same-named ones apart, old device/ layout) and thermal zones', () => {
    const { temperatures } = createSampler({ root: SERVER, statfs }).collect();
    expect(temperatures).toEqual([
      { source: 'hwmon', chip: 'coretemp.0', sensor: 'Package id 0', celsius: 45 },
      { source: 'hwmon', chip: 'coretemp.0', sensor: 'Core 0', celsius: 43 },
      { source: 'hwmon', chip: 'coretemp.1', sensor: 'Package id 1', celsius: 47 },
      { source: 'hwmon', chip: 'coretemp.1', sensor: 'Core 0', celsius: 44 },
      { source: 'hwmon', chip: 'nvme', sensor: 'Composite', celsius: 38.85 },
      { source: 'thermal', chip: 'thermal_zone0', sensor: 'x86_pkg_temp', celsius: 46 },
      { source: 'thermal', chip: 'thermal_zone1', sensor: 'acpitz', celsius: 27.8 },
    ]);
  });

  it('turns RAPL counters into watts between samples, across a wrap-around', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-sampler-'));
    fs.cpSync(SERVER, root, { recursive: true });
    const time = clock();
    const sampler = createSampler({ root, statfs, now: time.now });
    const first = sampler.collect();
    expect(first.power).toEqual([
      { source: 'rapl', domain: 'package-0', watts: null, energyJoules: 1000 },
      { source: 'rapl', domain: 'package-0/core', watts: null, energyJoules: 400 },
      { source: 'rapl', domain: 'package-0/dram', watts: null, energyJoules: 65712 },
      { source: 'hwmon', domain: 'power_meter/power1', watts: 187.5, energyJoules: null },
    ]);

    const rapl = path.join(root, 'sys/class/powercap');
    fs.writeFileSync(path.join(rapl, 'intel-rapl:0/energy_uj'), '1600000000\n');
    fs.writeFileSync(path.join(rapl, 'intel-rapl:0:0/energy_uj'), '700000000\n');
    // dram wrapped: 999,613 µJ to the end of the range, then 500,387 µJ: 1.5 J in all.
    fs.writeFileSync(path.join(rapl, 'intel-rapl:0:1/energy_uj'), '500387\n');
    time.advance(15_000);
    const watts = sampler.collect().power?.map((reading) => reading.watts);
    expect(watts?.[0]).toBeCloseTo(40);
    expect(watts?.[1]).toBeCloseTo(20);
    expect(watts?.[2]).toBeCloseTo(0.1);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('reports CPU usage over the interval from the second sample on', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-sampler-'));
    fs.cpSync(SERVER, root, { recursive: true });
    const sampler = createSampler({ root, statfs });
    sampler.collect();
    fs.writeFileSync(
      path.join(root, 'proc/stat'),
      'cpu  1090 0 500 8010 500 0 0 0 0 0\ncpu0 1\ncpu1 1\n',
    );
    expect(sampler.collect().cpu).toEqual({ count: 2, usageRatio: 0.9 });
    fs.rmSync(root, { recursive: true, force: true });
  });
});

describe('createSampler in a bare container', () => {
  it('leaves out what the machine does not have', () => {
    const sample = createSampler({ root: CONTAINER, statfs: fakeStatfs({}) }).collect();
    expect(agentSampleSchema.safeParse(sample).success).toBe(true);
    expect(Object.keys(sample).sort()).toEqual([
      'collectedAt',
      'cpu',
      'load',
      'memory',
      'uptimeSeconds',
    ]);
    expect(sample.memory?.availableBytes).toBe(512 * 1024);
  });

  it('still samples when /proc itself is missing', () => {
    const sample = createSampler({ root: path.join(fixtures, 'nowhere') }).collect();
    expect(Object.keys(sample)).toEqual(['collectedAt']);
  });
});
