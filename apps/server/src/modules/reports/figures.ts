import type { AlertTransition, Severity } from '@brezza/contract';

/**
 * The executive report's figures as pure functions over what the metrics store and the alerts
 * answer (docs/decisions.md, "Executive report (#14)"). Powers are kW, energies kWh, times
 * epoch milliseconds; a point is `[stepStartMs, average over the step]`, steps without data
 * left out.
 */

export type Point = readonly [number, number];

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * A gap up to this long between two samples is bridged by a straight line (a missed poll, a
 * restart); a longer one is counted as missing, so that an outage is not invented as energy.
 */
export const MAX_BRIDGED_GAP_MS = 2 * HOUR_MS;

export interface Energy {
  kwh: number;
  /** The time the series had data (or a bridged gap) for, within the window. */
  coveredMs: number;
}

const overlap = (a0: number, a1: number, b0: number, b1: number) =>
  Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/**
 * Energy of one power series over `[fromMs, toMs)`: each point holds its average for its step;
 * a gap of at most MAX_BRIDGED_GAP_MS between two steps is filled by the line between their
 * values; longer gaps and the edges without data count as nothing.
 */
export function integrateEnergy(
  points: readonly Point[],
  stepMs: number,
  fromMs: number,
  toMs: number,
): Energy {
  const sorted = [...points].sort((a, b) => a[0] - b[0]);
  let kwh = 0;
  let coveredMs = 0;
  for (let i = 0; i < sorted.length; i++) {
    const [t, kw] = sorted[i]!;
    const held = overlap(t, t + stepMs, fromMs, toMs);
    kwh += (kw * held) / HOUR_MS;
    coveredMs += held;
    const next = sorted[i + 1];
    if (!next) continue;
    const gapStart = t + stepMs;
    const gapEnd = next[0];
    if (gapEnd <= gapStart || gapEnd - gapStart > MAX_BRIDGED_GAP_MS) continue;
    const inside = overlap(gapStart, gapEnd, fromMs, toMs);
    if (inside === 0) continue;
    // The line's mean over the clipped part of the gap.
    const at = (x: number) => kw + ((next[1] - kw) * (x - gapStart)) / (gapEnd - gapStart);
    const a = Math.max(gapStart, fromMs);
    const b = Math.min(gapEnd, toMs);
    kwh += (((at(a) + at(b)) / 2) * inside) / HOUR_MS;
    coveredMs += inside;
  }
  return { kwh, coveredMs };
}

/** Several series' energy, summed (a room's outlets, an organisation's pCDUs). */
export function totalEnergy(
  series: readonly (readonly Point[])[],
  stepMs: number,
  fromMs: number,
  toMs: number,
): Energy | null {
  if (series.length === 0) return null;
  const parts = series.map((points) => integrateEnergy(points, stepMs, fromMs, toMs));
  return {
    kwh: parts.reduce((sum, part) => sum + part.kwh, 0),
    coveredMs: Math.min(...parts.map((part) => part.coveredMs)),
  };
}

/** Several series added step by step (steps where some series has no point add what is there). */
export function sumSeries(series: readonly (readonly Point[])[]): Point[] {
  const sums = new Map<number, number>();
  for (const points of series) {
    for (const [t, v] of points) sums.set(t, (sums.get(t) ?? 0) + v);
  }
  return [...sums.entries()].sort((a, b) => a[0] - b[0]);
}

export const peak = (points: readonly Point[]): number | null =>
  points.length === 0 ? null : Math.max(...points.map((p) => p[1]));

/** A ratio, or null where the denominator is nothing (no IT energy, no data). */
export const ratio = (numerator: number | null, denominator: number | null): number | null =>
  numerator === null || denominator === null || denominator <= 0 ? null : numerator / denominator;

/** The relative change from `previous` to `current`, or null when there is nothing to compare. */
export const change = (current: number | null, previous: number | null): number | null =>
  current === null || previous === null || previous === 0 ? null : (current - previous) / previous;

/** The UTC days of `[fromMs, toMs)`, each as its own window. */
export function days(fromMs: number, toMs: number): { fromMs: number; toMs: number }[] {
  const out: { fromMs: number; toMs: number }[] = [];
  for (let start = Math.floor(fromMs / DAY_MS) * DAY_MS; start < toMs; start += DAY_MS) {
    out.push({ fromMs: Math.max(start, fromMs), toMs: Math.min(start + DAY_MS, toMs) });
  }
  return out;
}

export interface DailyEfficiency {
  dayMs: number;
  /** The end of the day's window: before the next midnight for a day cut short. */
  toMs: number;
  itKwh: number | null;
  heatRemovedKwh: number | null;
  /** Heat removed by the liquid loop per unit of IT energy, for days with both. */
  captureRatio: number | null;
}

/** Each day's IT energy, heat removed and their ratio: the efficiency trend. */
export function dailyEfficiency(
  it: readonly (readonly Point[])[],
  heat: readonly (readonly Point[])[],
  stepMs: number,
  fromMs: number,
  toMs: number,
): DailyEfficiency[] {
  return days(fromMs, toMs).map((day) => {
    const itEnergy = totalEnergy(it, stepMs, day.fromMs, day.toMs);
    const heatEnergy = totalEnergy(heat, stepMs, day.fromMs, day.toMs);
    const itKwh = itEnergy && itEnergy.coveredMs > 0 ? itEnergy.kwh : null;
    const heatRemovedKwh = heatEnergy && heatEnergy.coveredMs > 0 ? heatEnergy.kwh : null;
    return {
      dayMs: day.fromMs,
      toMs: day.toMs,
      itKwh,
      heatRemovedKwh,
      captureRatio: ratio(heatRemovedKwh, itKwh),
    };
  });
}

/** Valve openings below this say too little about full flow to scale from. */
export const MIN_VALVE_PERCENT = 10;

/**
 * A pCDU's cooling capacity at the period's conditions: heat removed scaled to a fully open
 * valve (flow is linear in the opening, and in AUTO the unit holds its ΔT setpoint, so heat at
 * full flow is heat now ÷ opening). The median of the steps where both are known, so that a
 * transient does not set it.
 */
export function coolingCapacityKw(
  heatKw: readonly Point[],
  valvePercent: readonly Point[],
): number | null {
  const valve = new Map(valvePercent.map(([t, v]) => [t, v]));
  const estimates: number[] = [];
  for (const [t, kw] of heatKw) {
    const opening = valve.get(t);
    if (opening === undefined || opening < MIN_VALVE_PERCENT || kw <= 0) continue;
    estimates.push(kw / (Math.min(opening, 100) / 100));
  }
  if (estimates.length === 0) return null;
  estimates.sort((a, b) => a - b);
  const mid = Math.floor(estimates.length / 2);
  return estimates.length % 2 ? estimates[mid]! : (estimates[mid - 1]! + estimates[mid]!) / 2;
}

export interface RoomHeadroom {
  room: string;
  pcdus: number;
  /** Highest step average of the room's heat removed. */
  peakHeatKw: number | null;
  capacityKw: number | null;
  /** Peak heat ÷ capacity. */
  utilisation: number | null;
  headroomKw: number | null;
}

export function roomHeadroom(
  room: string,
  units: readonly { heatKw: readonly Point[]; valvePercent: readonly Point[] }[],
): RoomHeadroom {
  const capacities = units.map((unit) => coolingCapacityKw(unit.heatKw, unit.valvePercent));
  const known = capacities.filter((c): c is number => c !== null);
  const capacityKw = known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
  const peakHeatKw = peak(sumSeries(units.map((unit) => unit.heatKw)));
  return {
    room,
    pcdus: units.length,
    peakHeatKw,
    capacityKw,
    utilisation: ratio(peakHeatKw, capacityKw),
    headroomKw: capacityKw === null || peakHeatKw === null ? null : capacityKw - peakHeatKw,
  };
}

/**
 * The share of `[fromMs, toMs)` a device reported in: steps with a sample over the steps it
 * existed for (from `sinceMs`, its registration). Null when it did not exist in the window.
 */
export function presenceShare(
  points: readonly Point[],
  stepMs: number,
  fromMs: number,
  toMs: number,
  sinceMs: number,
): number | null {
  const start = Math.max(fromMs, Math.floor(sinceMs / stepMs) * stepMs);
  if (start >= toMs) return null;
  const steps = Math.ceil((toMs - start) / stepMs);
  const seen = new Set(
    points.filter(([t]) => t >= start && t < toMs).map(([t]) => Math.floor((t - start) / stepMs)),
  );
  return Math.min(1, seen.size / steps);
}

/** The mean of the known shares, or null when none is known. */
export function meanShare(shares: readonly (number | null)[]): number | null {
  const known = shares.filter((s): s is number => s !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length;
}

export interface Transition {
  alertId: number;
  ruleName: string;
  severity: Severity;
  deviceName: string;
  transition: AlertTransition;
  atMs: number;
}

export interface TopAlert {
  ruleName: string;
  deviceName: string;
  severity: Severity;
  firings: number;
  firingMs: number;
}

export interface AlertFigures {
  /** Alerts that started firing in the period, by severity. */
  fired: Record<Severity, number>;
  /** Time alerts spent firing within the period, summed over alerts. */
  firingMs: number;
  /** Alerts with the most firing time, at most five. */
  top: TopAlert[];
}

/**
 * Counts and firing time from an alert's transitions (oldest first, including each alert's last
 * one before the period): an alert fires from a `firing` transition until its next transition,
 * or the period's end (or `nowMs`) if none came.
 */
export function alertFigures(
  transitions: readonly Transition[],
  fromMs: number,
  toMs: number,
  nowMs: number,
): AlertFigures {
  const fired: Record<Severity, number> = { warning: 0, critical: 0 };
  const byAlert = new Map<number, Transition[]>();
  for (const t of [...transitions].sort((a, b) => a.atMs - b.atMs)) {
    const list = byAlert.get(t.alertId) ?? [];
    list.push(t);
    byAlert.set(t.alertId, list);
  }
  const end = Math.min(toMs, Math.max(fromMs, nowMs));
  const top = new Map<string, TopAlert>();
  let firingMs = 0;
  for (const list of byAlert.values()) {
    list.forEach((t, i) => {
      if (t.transition !== 'firing') return;
      const started = t.atMs >= fromMs && t.atMs < toMs;
      if (started) fired[t.severity] += 1;
      const until = list[i + 1]?.atMs ?? end;
      const ms = overlap(t.atMs, until, fromMs, end);
      if (ms === 0 && !started) return;
      firingMs += ms;
      const key = `${t.ruleName}\u0000${t.deviceName}`;
      const entry = top.get(key) ?? {
        ruleName: t.ruleName,
        deviceName: t.deviceName,
        severity: t.severity,
        firings: 0,
        firingMs: 0,
      };
      entry.firings += started ? 1 : 0;
      entry.firingMs += ms;
      if (t.severity === 'critical') entry.severity = 'critical';
      top.set(key, entry);
    });
  }
  return {
    fired,
    firingMs,
    top: [...top.values()]
      .sort((a, b) => b.firingMs - a.firingMs || b.firings - a.firings)
      .slice(0, 5),
  };
}

/**
 * Which of a server's power series measure it (`power_watts` labels): the wall meter when it
 * has one, else its RAPL packages and memory (never `core`, which the package contains).
 */
export function serverPowerSeries<T extends { labels: Record<string, string> }>(
  series: readonly T[],
): T[] {
  const meter = series.filter((s) => s.labels.domain === 'power_meter');
  if (meter.length > 0) return meter;
  return series.filter((s) => {
    const domain = s.labels.domain ?? '';
    return domain.startsWith('package') || domain.startsWith('dram');
  });
}
