import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DELTA_T_SETPOINT_MESSAGE,
  NETWORK_MESSAGES,
  PCDU_DEFAULT_PROFILE,
  PCDU_SENSOR_RULES,
  VALVE_SETPOINT_MESSAGE,
  commandBodySchema,
  formatIpv4,
  maskPrefixLength,
  networkIssues,
  parseIpv4,
  setpointsSchema,
} from './index.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('setpoints', () => {
  it('accepts every valve setpoint 0–10000 and ΔT on the 0.1 K grid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 550 }), (v, t) => {
        const parsed = setpointsSchema.parse({ valveSetpoint: v, deltaTSetpoint: t / 10 });
        expect(parsed).toEqual({ valveSetpoint: v, deltaTSetpoint: t / 10 });
      }),
    );
  });

  it('refuses out-of-range and off-step values with the shown messages', () => {
    expect(firstMessage(setpointsSchema.safeParse({ valveSetpoint: -1 }))).toBe(
      VALVE_SETPOINT_MESSAGE,
    );
    expect(firstMessage(setpointsSchema.safeParse({ valveSetpoint: 1.5 }))).toBe(
      VALVE_SETPOINT_MESSAGE,
    );
    expect(firstMessage(setpointsSchema.safeParse({ deltaTSetpoint: 55.1 }))).toBe(
      DELTA_T_SETPOINT_MESSAGE,
    );
    expect(firstMessage(setpointsSchema.safeParse({ deltaTSetpoint: 0.05 }))).toBe(
      DELTA_T_SETPOINT_MESSAGE,
    );
    expect(firstMessage(commandBodySchema.safeParse({}))).toMatch(/either/);
  });
});

describe('network settings', () => {
  const valid = {
    ipAddress: '192.168.1.50',
    subnetMask: '255.255.255.0',
    gateway: '192.168.1.1',
    primaryDns: '8.8.8.8',
  };

  it('round-trips addresses and finds prefix lengths of contiguous masks only', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (n) => {
        expect(parseIpv4(formatIpv4(n))).toBe(n);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 32 }), (prefix) => {
        expect(maskPrefixLength(2 ** 32 - 2 ** (32 - prefix))).toBe(prefix);
      }),
    );
    expect(maskPrefixLength(parseIpv4('255.0.255.0')!)).toBeNull();
  });

  it('accepts a host with its gateway inside the subnet', () => {
    expect(networkIssues(valid)).toEqual([]);
  });

  it('names each problem by field', () => {
    expect(networkIssues({ ...valid, ipAddress: '192.168.1.0' })).toEqual([
      { field: 'ipAddress', message: NETWORK_MESSAGES.ipIsNetwork },
    ]);
    expect(networkIssues({ ...valid, gateway: '192.168.1.255' })).toEqual([
      { field: 'gateway', message: NETWORK_MESSAGES.gatewayIsBroadcast },
    ]);
    expect(networkIssues({ ...valid, gateway: '10.0.0.1' })).toEqual([
      { field: 'gateway', message: NETWORK_MESSAGES.gatewayOutside },
    ]);
    expect(networkIssues({ ...valid, subnetMask: '255.255.255.255' })).toEqual([
      { field: 'subnetMask', message: NETWORK_MESSAGES.maskSize },
    ]);
    expect(networkIssues({ ...valid, primaryDns: '8.8.8' })).toEqual([
      { field: 'primaryDns', message: NETWORK_MESSAGES.primaryDns },
    ]);
  });

  it('never accepts a gateway outside the subnet, whatever the addresses', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 8, max: 30 }),
        (ip, gateway, prefix) => {
          const mask = 2 ** 32 - 2 ** (32 - prefix);
          const size = 2 ** (32 - prefix);
          const input = {
            ipAddress: formatIpv4(ip),
            subnetMask: formatIpv4(mask),
            gateway: formatIpv4(gateway),
            primaryDns: '1.1.1.1',
          };
          const sameSubnet = Math.floor(ip / size) === Math.floor(gateway / size);
          if (!sameSubnet) expect(networkIssues(input).map((i) => i.field)).toContain('gateway');
        },
      ),
    );
  });
});

describe('pCDU sensor rules', () => {
  it('name sensors the default profile reads, so that every rule applies to a reading', () => {
    const read = new Set(PCDU_DEFAULT_PROFILE.registers.map((register) => register.sensor));
    expect(Object.keys(PCDU_SENSOR_RULES).filter((key) => !read.has(key))).toEqual([]);
  });
});
