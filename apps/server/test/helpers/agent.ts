import { randomBytes } from 'node:crypto';
import type { AgentRegisterBody, AgentSample } from '@brezza/contract';

/** Test data for agent calls: a new machine each time unless told otherwise. */
export const machineId = () => randomBytes(16).toString('hex');

let sequence = 0;

export function buildRegistration(overrides: Partial<AgentRegisterBody> = {}): AgentRegisterBody {
  sequence += 1;
  return {
    serverName: `test-server-${sequence}`,
    machineId: machineId(),
    hostName: `host-${sequence}`,
    addresses: ['10.0.0.5', 'fe80::1'],
    agentVersion: '0.1.0',
    ...overrides,
  };
}

export function buildSample(overrides: Partial<AgentSample> = {}): AgentSample {
  return {
    collectedAt: new Date().toISOString(),
    uptimeSeconds: 3600,
    cpu: { count: 4, usageRatio: 0.25 },
    memory: {
      totalBytes: 8e9,
      availableBytes: 6e9,
      swapTotalBytes: 1e9,
      swapFreeBytes: 1e9,
    },
    load: { load1: 0.5, load5: 0.4, load15: 0.3 },
    filesystems: [
      {
        device: '/dev/sda1',
        mountpoint: '/',
        fsType: 'ext4',
        sizeBytes: 100e9,
        freeBytes: 60e9,
        availableBytes: 55e9,
      },
    ],
    disks: [{ device: 'sda', readBytes: 1e9, writtenBytes: 2e9 }],
    network: [
      {
        interface: 'eth0',
        receiveBytes: 5e9,
        transmitBytes: 3e9,
        receiveErrors: 0,
        transmitErrors: 0,
      },
    ],
    temperatures: [
      { source: 'hwmon', chip: 'coretemp', sensor: 'Package id 0', celsius: 48 },
      { source: 'thermal', chip: 'thermal_zone0', sensor: 'x86_pkg_temp', celsius: 47 },
    ],
    power: [{ source: 'rapl', domain: 'package-0', watts: 35.5, energyJoules: 123456.7 }],
    ...overrides,
  };
}
