import type { AgentSample } from '@brezza/contract';

/**
 * The demo organisation's physics: what each demo server measures at any instant. Pure and
 * deterministic (a function of the server's name and the time), so that the 7-day backfill and
 * the live stream that follows it join without a seam, and every start draws the same history.
 *
 * - **Load** follows the day: utilisation u(t) = base + (peak − base)·d(t)·w(t) + noise, where
 *   d(t) = ½ − ½·cos(2π(h − h_peak + 12)/24) is 1 at the role's peak hour (UTC) and 0 twelve
 *   hours away, w(t) lowers weekend load for user-facing roles, and the noise is smooth
 *   (interpolated every 5 minutes, ±6 %) plus a little per-sample jitter (±1.5 %).
 * - **Power** is linear in utilisation between idle and full load, as SPECpower measurements of
 *   servers show: P = P_idle + (P_max − P_idle)·u (the wall power an ACPI power meter reads).
 * - **Temperatures follow power**: the room's supply air rises 1 °C in the afternoon; the CPU
 *   package sits above the inlet by its thermal resistance times its share of the power,
 *   T_cpu = T_inlet + R_th·0.6·P, lagged like a heat sink (a first-order lag of about 3 min,
 *   approximated by weighting the steady state now, 2 and 5 minutes ago).
 * - **Counters** (disk and network bytes) are the exact integrals of their diurnal rates since
 *   boot, so the rate between any two samples is the true average rate over that interval.
 */

export interface DemoProfile {
  role: string;
  cpus: number;
  memoryBytes: number;
  idleW: number;
  maxW: number;
  baseUtil: number;
  peakUtil: number;
  peakHourUtc: number;
  /** Weekend load as a share of weekday load (1: none, batch and storage roles). */
  weekendFactor: number;
  /** °C per W of CPU package power above the inlet air. */
  thermalResistanceCPerW: number;
  /** Bytes/s at no load and added at full load. */
  diskReadBps: [number, number];
  diskWriteBps: [number, number];
  netRxBps: [number, number];
  netTxBps: [number, number];
  diskBytes: number;
}

const GiB = 1024 ** 3;
const MB = 1e6;

const ROLES: Record<string, Omit<DemoProfile, 'role'>> = {
  web: {
    cpus: 16,
    memoryBytes: 64 * GiB,
    idleW: 110,
    maxW: 320,
    baseUtil: 0.12,
    peakUtil: 0.62,
    peakHourUtc: 14,
    weekendFactor: 0.7,
    thermalResistanceCPerW: 0.16,
    diskReadBps: [0.2 * MB, 2 * MB],
    diskWriteBps: [0.5 * MB, 4 * MB],
    netRxBps: [2 * MB, 40 * MB],
    netTxBps: [5 * MB, 120 * MB],
    diskBytes: 480e9,
  },
  cache: {
    cpus: 8,
    memoryBytes: 256 * GiB,
    idleW: 90,
    maxW: 240,
    baseUtil: 0.08,
    peakUtil: 0.35,
    peakHourUtc: 14,
    weekendFactor: 0.75,
    thermalResistanceCPerW: 0.18,
    diskReadBps: [0.1 * MB, 0.5 * MB],
    diskWriteBps: [0.2 * MB, 1 * MB],
    netRxBps: [10 * MB, 90 * MB],
    netTxBps: [20 * MB, 200 * MB],
    diskBytes: 240e9,
  },
  db: {
    cpus: 32,
    memoryBytes: 384 * GiB,
    idleW: 180,
    maxW: 520,
    baseUtil: 0.2,
    peakUtil: 0.7,
    peakHourUtc: 15,
    weekendFactor: 0.8,
    thermalResistanceCPerW: 0.12,
    diskReadBps: [20 * MB, 220 * MB],
    diskWriteBps: [10 * MB, 140 * MB],
    netRxBps: [5 * MB, 60 * MB],
    netTxBps: [10 * MB, 80 * MB],
    diskBytes: 7.68e12,
  },
  backup: {
    cpus: 8,
    memoryBytes: 32 * GiB,
    idleW: 140,
    maxW: 300,
    baseUtil: 0.05,
    peakUtil: 0.55,
    peakHourUtc: 2,
    weekendFactor: 1,
    thermalResistanceCPerW: 0.2,
    diskReadBps: [1 * MB, 20 * MB],
    diskWriteBps: [2 * MB, 400 * MB],
    netRxBps: [1 * MB, 450 * MB],
    netTxBps: [0.5 * MB, 10 * MB],
    diskBytes: 96e12,
  },
  gpu: {
    cpus: 64,
    memoryBytes: 1024 * GiB,
    idleW: 650,
    maxW: 2900,
    baseUtil: 0.35,
    peakUtil: 0.92,
    peakHourUtc: 10,
    weekendFactor: 1,
    thermalResistanceCPerW: 0.05,
    diskReadBps: [50 * MB, 900 * MB],
    diskWriteBps: [5 * MB, 80 * MB],
    netRxBps: [20 * MB, 1200 * MB],
    netTxBps: [10 * MB, 300 * MB],
    diskBytes: 15.36e12,
  },
  k8s: {
    cpus: 48,
    memoryBytes: 256 * GiB,
    idleW: 160,
    maxW: 480,
    baseUtil: 0.18,
    peakUtil: 0.66,
    peakHourUtc: 13,
    weekendFactor: 0.75,
    thermalResistanceCPerW: 0.13,
    diskReadBps: [2 * MB, 30 * MB],
    diskWriteBps: [3 * MB, 50 * MB],
    netRxBps: [10 * MB, 150 * MB],
    netTxBps: [10 * MB, 160 * MB],
    diskBytes: 1.92e12,
  },
  edge: {
    cpus: 8,
    memoryBytes: 32 * GiB,
    idleW: 70,
    maxW: 190,
    baseUtil: 0.1,
    peakUtil: 0.58,
    peakHourUtc: 18,
    weekendFactor: 0.85,
    thermalResistanceCPerW: 0.2,
    diskReadBps: [0.5 * MB, 5 * MB],
    diskWriteBps: [0.2 * MB, 2 * MB],
    netRxBps: [5 * MB, 180 * MB],
    netTxBps: [10 * MB, 400 * MB],
    diskBytes: 480e9,
  },
  dns: {
    cpus: 4,
    memoryBytes: 16 * GiB,
    idleW: 55,
    maxW: 120,
    baseUtil: 0.05,
    peakUtil: 0.22,
    peakHourUtc: 18,
    weekendFactor: 0.85,
    thermalResistanceCPerW: 0.22,
    diskReadBps: [0.05 * MB, 0.2 * MB],
    diskWriteBps: [0.05 * MB, 0.3 * MB],
    netRxBps: [0.5 * MB, 8 * MB],
    netTxBps: [0.5 * MB, 10 * MB],
    diskBytes: 240e9,
  },
  stor: {
    cpus: 16,
    memoryBytes: 128 * GiB,
    idleW: 210,
    maxW: 420,
    baseUtil: 0.1,
    peakUtil: 0.4,
    peakHourUtc: 15,
    weekendFactor: 1,
    thermalResistanceCPerW: 0.17,
    diskReadBps: [20 * MB, 600 * MB],
    diskWriteBps: [10 * MB, 300 * MB],
    netRxBps: [10 * MB, 300 * MB],
    netTxBps: [20 * MB, 600 * MB],
    diskBytes: 192e12,
  },
  lab: {
    cpus: 8,
    memoryBytes: 32 * GiB,
    idleW: 60,
    maxW: 200,
    baseUtil: 0.03,
    peakUtil: 0.5,
    peakHourUtc: 11,
    weekendFactor: 0.2,
    thermalResistanceCPerW: 0.2,
    diskReadBps: [0.1 * MB, 10 * MB],
    diskWriteBps: [0.1 * MB, 10 * MB],
    netRxBps: [0.1 * MB, 10 * MB],
    netTxBps: [0.1 * MB, 10 * MB],
    diskBytes: 960e9,
  },
  general: {
    cpus: 8,
    memoryBytes: 32 * GiB,
    idleW: 75,
    maxW: 210,
    baseUtil: 0.06,
    peakUtil: 0.3,
    peakHourUtc: 14,
    weekendFactor: 0.8,
    thermalResistanceCPerW: 0.19,
    diskReadBps: [0.2 * MB, 3 * MB],
    diskWriteBps: [0.2 * MB, 3 * MB],
    netRxBps: [0.5 * MB, 15 * MB],
    netTxBps: [0.5 * MB, 15 * MB],
    diskBytes: 960e9,
  },
};

/** The role a demo server's name implies: mil-web-01 is a web server, lab-bench-02 a lab one. */
export function demoProfile(serverName: string): DemoProfile {
  const role = Object.keys(ROLES).find((key) =>
    new RegExp(`(^|-)${key}(-|\\d|$)`).test(serverName),
  );
  const alias = /bench|field-kit/.test(serverName) ? 'lab' : undefined;
  const chosen = role ?? alias ?? 'general';
  return { role: chosen, ...ROLES[chosen]! };
}

// --------------------------------------------------------------------------------------------
// Deterministic noise.

/** A 32-bit seed from text (FNV-1a): each server and each of its noises gets its own. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A number in [0, 1) from a seed and a whole number, the same on every run: the murmur3
 * finaliser over both (a hash per call, millions per second, where the backfill needs them).
 */
function unit(seed: number, n: number): number {
  let h = seed ^ Math.imul(n | 0, 0x9e3779b1) ^ Math.imul(Math.floor(n / 2 ** 32) | 0, 0x85ebca6b);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}

const NOISE_STEP_MS = 5 * 60_000;

/** Smooth noise in [−1, 1]: random values every 5 minutes, cosine-interpolated between. */
export function smoothNoise(seed: number, tMs: number): number {
  const k = Math.floor(tMs / NOISE_STEP_MS);
  const f = (tMs - k * NOISE_STEP_MS) / NOISE_STEP_MS;
  const a = unit(seed, k) * 2 - 1;
  const b = unit(seed, k + 1) * 2 - 1;
  const w = (1 - Math.cos(Math.PI * f)) / 2;
  return a * (1 - w) + b * w;
}

/** Per-sample jitter in [−1, 1], fixed per second. */
const jitter = (seed: number, tMs: number) => unit(seed, Math.floor(tMs / 1000)) * 2 - 1;

// --------------------------------------------------------------------------------------------
// The model.

const DAY_MS = 86_400_000;
const OMEGA = (2 * Math.PI) / DAY_MS;

/** Phase of the diurnal cosine so that d(t) peaks at `peakHourUtc`. */
const phase = (peakHourUtc: number) => Math.PI - OMEGA * peakHourUtc * 3_600_000;

/** d(t) in [0, 1]: 1 at the peak hour. */
export function diurnal(tMs: number, peakHourUtc: number): number {
  return 0.5 - 0.5 * Math.cos(OMEGA * tMs + phase(peakHourUtc));
}

/** ∫₀ᵗ d(s) ds in milliseconds, the closed form of the integral above. */
function diurnalIntegral(tMs: number, peakHourUtc: number): number {
  const p = phase(peakHourUtc);
  return 0.5 * tMs - (0.5 * (Math.sin(OMEGA * tMs + p) - Math.sin(p))) / OMEGA;
}

/**
 * Demo machines reboot (for kernel updates) every 60 days, which also keeps their byte
 * counters below 2^53 at the busiest rates.
 */
export const REBOOT_PERIOD_MS = 60 * DAY_MS;

/** When the machine last booted before `tMs`. */
export function bootedAt(server: DemoServer, tMs: number): number {
  const { bootShiftMs } = server;
  return Math.floor((tMs + bootShiftMs) / REBOOT_PERIOD_MS) * REBOOT_PERIOD_MS - bootShiftMs;
}

const isWeekend = (tMs: number) => {
  const day = new Date(tMs).getUTCDay();
  return day === 0 || day === 6;
};

export interface DemoServer {
  name: string;
  /** Seeds of its independent noises: load, jitter, air, memory. */
  seeds: { load: number; jitter: number; air: number; memory: number };
  /** Rooms differ a little: a degree warmer here, cooler there. */
  inletOffsetC: number;
  /** Where in its reboot cycle the machine is: it reboots every REBOOT_PERIOD_MS. */
  bootShiftMs: number;
  profile: DemoProfile;
}

export function demoServer(name: string): DemoServer {
  return {
    name,
    seeds: {
      load: seedOf(name),
      jitter: seedOf(`${name}/jitter`),
      air: seedOf(`${name}/air`),
      memory: seedOf(`${name}/memory`),
    },
    inletOffsetC: unit(seedOf(`${name}/inlet`), 0) * 2.5 - 0.5,
    bootShiftMs: Math.floor(unit(seedOf(`${name}/boot`), 0) * REBOOT_PERIOD_MS),
    profile: demoProfile(name),
  };
}

/** Utilisation in [0.01, 0.99]. */
export function utilisation(server: DemoServer, tMs: number): number {
  const { profile } = server;
  const week = isWeekend(tMs) ? profile.weekendFactor : 1;
  const swing = (profile.peakUtil - profile.baseUtil) * diurnal(tMs, profile.peakHourUtc) * week;
  const u =
    profile.baseUtil +
    swing +
    0.06 * smoothNoise(server.seeds.load, tMs) +
    0.015 * jitter(server.seeds.jitter, tMs);
  return Math.min(0.99, Math.max(0.01, u));
}

export function powerWatts(server: DemoServer, tMs: number): number {
  const { idleW, maxW } = server.profile;
  return idleW + (maxW - idleW) * utilisation(server, tMs);
}

/** Supply air: 22 °C, a degree more in the afternoon (outdoor heat on the chillers). */
export function inletCelsius(server: DemoServer, tMs: number): number {
  return 22 + server.inletOffsetC + diurnal(tMs, 15) + 0.2 * smoothNoise(server.seeds.air, tMs);
}

const steadyCpuCelsius = (server: DemoServer, tMs: number) =>
  inletCelsius(server, tMs) + server.profile.thermalResistanceCPerW * 0.6 * powerWatts(server, tMs);

export function cpuCelsius(server: DemoServer, tMs: number): number {
  return (
    0.5 * steadyCpuCelsius(server, tMs) +
    0.3 * steadyCpuCelsius(server, tMs - 120_000) +
    0.2 * steadyCpuCelsius(server, tMs - 300_000)
  );
}

/**
 * Minutes-long wobbles of a disk's or a link's rate around the day's shape (no real one runs as
 * smooth as a sine, and a perfectly smooth history would make every live minute look unusual to
 * the anomaly models), as the integral of three sines of unrelated periods, in [−3, 3] units of
 * rate: closed form, so a counter read every 15 s and one read every 5 minutes agree.
 */
const WOBBLE_PERIODS_S = [97, 233, 431];
function wobbleIntegral(seed: number, tMs: number): number {
  return WOBBLE_PERIODS_S.reduce((sum, periodS, i) => {
    const phase = 2 * Math.PI * unit(seed, i);
    const omega = (2 * Math.PI) / periodS;
    return sum - Math.cos(omega * (tMs / 1000) + phase) / omega;
  }, 0);
}
/** Each wobble's amplitude as a share of the rate at no load: the three never stop the counter. */
const WOBBLE_SHARE = 0.3;

/** A counter whose rate is `[atNoLoad, addedAtFullLoad]` shaped by the day, since boot. */
function counter(server: DemoServer, rate: [number, number], tMs: number): number {
  const { peakHourUtc } = server.profile;
  const start = bootedAt(server, tMs);
  const seconds = (tMs - start) / 1000;
  const shaped = (diurnalIntegral(tMs, peakHourUtc) - diurnalIntegral(start, peakHourUtc)) / 1000;
  const seed = server.seeds.load + Math.round(rate[0]);
  const wobble = wobbleIntegral(seed, tMs) - wobbleIntegral(seed, start);
  return Math.round(rate[0] * (seconds + WOBBLE_SHARE * wobble) + rate[1] * shaped);
}

/** The agent's sample of a demo server at `tMs`, as the real agent would send it. */
export function demoSample(server: DemoServer, tMs: number): AgentSample {
  const { profile } = server;
  const u = utilisation(server, tMs);
  const watts = powerWatts(server, tMs);
  const load = (lagMs: number) =>
    profile.cpus *
    (0.5 * utilisation(server, tMs - lagMs / 2) + 0.5 * utilisation(server, tMs - lagMs));
  const memoryUsed = 0.35 + 0.3 * u + 0.03 * smoothNoise(server.seeds.memory, tMs);
  // The disk fills by about a percent a week and is cleaned up every Sunday.
  const weekMs = 7 * DAY_MS;
  const used = 0.42 + 0.01 * (((tMs + 3 * DAY_MS) % weekMs) / weekMs);
  const free = Math.round(profile.diskBytes * (1 - used));
  return {
    collectedAt: new Date(tMs).toISOString(),
    uptimeSeconds: Math.round((tMs - bootedAt(server, tMs)) / 1000),
    cpu: { count: profile.cpus, usageRatio: Math.round(u * 10_000) / 10_000 },
    memory: {
      totalBytes: profile.memoryBytes,
      availableBytes: Math.round(profile.memoryBytes * (1 - memoryUsed)),
      swapTotalBytes: 8 * GiB,
      swapFreeBytes: 8 * GiB,
    },
    load: {
      load1: round2(load(60_000)),
      load5: round2(load(300_000)),
      load15: round2(load(900_000)),
    },
    filesystems: [
      {
        device: '/dev/nvme0n1p2',
        mountpoint: '/',
        fsType: 'ext4',
        sizeBytes: profile.diskBytes,
        freeBytes: free,
        availableBytes: Math.max(0, free - Math.round(profile.diskBytes * 0.05)),
      },
    ],
    disks: [
      {
        device: 'nvme0n1',
        readBytes: counter(server, profile.diskReadBps, tMs),
        writtenBytes: counter(server, profile.diskWriteBps, tMs),
      },
    ],
    network: [
      {
        interface: 'eth0',
        receiveBytes: counter(server, profile.netRxBps, tMs),
        transmitBytes: counter(server, profile.netTxBps, tMs),
        receiveErrors: 0,
        transmitErrors: 0,
      },
    ],
    temperatures: [
      {
        source: 'hwmon',
        chip: 'coretemp',
        sensor: 'Package id 0',
        celsius: round1(cpuCelsius(server, tMs)),
      },
      {
        source: 'hwmon',
        chip: 'acpitz',
        sensor: 'inlet',
        celsius: round1(inletCelsius(server, tMs)),
      },
    ],
    power: [{ source: 'hwmon', domain: 'power_meter', watts: round1(watts), energyJoules: null }],
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;
