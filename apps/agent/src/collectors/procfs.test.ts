import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cpuUsage,
  parseDiskstats,
  parseLoadavg,
  parseMeminfo,
  parseMounts,
  parseNetDev,
  parseStat,
  unescapeMountPath,
} from './procfs.js';

describe('parseStat and cpuUsage', () => {
  it('counts CPUs and adds idle and I/O wait as idle', () => {
    const stat = parseStat('cpu  10 0 10 70 10 0 0 0 0 0\ncpu0 1 1 1 1\ncpu1 1 1 1 1\nintr 5\n');
    expect(stat).toEqual({ overall: { total: 100, idle: 80 }, count: 2 });
    expect(cpuUsage(stat.overall, undefined)).toBeCloseTo(0.2);
  });

  it('is always within 0 and 1, and 0 when no time passed', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), fc.nat(), (total, idle, prevTotal, prevIdle) => {
        const usage = cpuUsage({ total, idle }, { total: prevTotal, idle: prevIdle });
        expect(usage).toBeGreaterThanOrEqual(0);
        expect(usage).toBeLessThanOrEqual(1);
      }),
    );
    expect(cpuUsage({ total: 5, idle: 5 }, { total: 5, idle: 5 })).toBe(0);
  });

  it('refuses a file without the cpu line', () => {
    expect(() => parseStat('intr 1\n')).toThrow();
  });
});

describe('parseMeminfo', () => {
  it('reads kB values as bytes and plain counts as they are', () => {
    const info = parseMeminfo('MemTotal:  2 kB\nHugePages_Total:   3\nActive(anon):  1 kB\n');
    expect(info.get('MemTotal')).toBe(2048);
    expect(info.get('HugePages_Total')).toBe(3);
    expect(info.get('Active(anon)')).toBe(1024);
  });
});

describe('parseLoadavg', () => {
  it('reads the three averages and refuses nonsense', () => {
    expect(parseLoadavg('0.52 0.58 0.59 1/123 4567\n')).toEqual({
      load1: 0.52,
      load5: 0.58,
      load15: 0.59,
    });
    expect(() => parseLoadavg('oops')).toThrow();
  });
});

describe('parseNetDev', () => {
  it('skips the headers and reads names that touch their first number', () => {
    const text = [
      'Inter-|   Receive |  Transmit',
      ' face |bytes packets|bytes',
      'eth0:987 1 3 0 0 0 0 0 123 2 1 0 0 0 0 0',
    ].join('\n');
    expect(parseNetDev(text)).toEqual([
      {
        interface: 'eth0',
        receiveBytes: 987,
        receiveErrors: 3,
        transmitBytes: 123,
        transmitErrors: 1,
      },
    ]);
  });
});

describe('parseDiskstats', () => {
  it('counts 512-byte sectors', () => {
    expect(parseDiskstats('8 0 sda 1 0 2 0 3 0 4 0 0 0 0')).toEqual([
      { device: 'sda', readBytes: 1024, writtenBytes: 2048 },
    ]);
  });
});

describe('parseMounts', () => {
  it('decodes octal escapes in paths', () => {
    expect(parseMounts('/dev/sdb1 /mnt/my\\040disk ext4 rw 0 0\n')).toEqual([
      { device: '/dev/sdb1', mountpoint: '/mnt/my disk', fsType: 'ext4' },
    ]);
  });

  it('undoes what the kernel escapes', () => {
    const escape = (value: string) =>
      value.replace(/[ \t\n\\]/g, (c) => `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`);
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(unescapeMountPath(escape(value))).toBe(value);
      }),
    );
  });
});
