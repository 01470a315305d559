/**
 * Per-step series arithmetic for the efficiency figures: a series is a map from a step's start
 * (epoch ms) to a value; a step without data is absent, never 0.
 */
export type Steps = Map<number, number>;

/** Steps from `minStepMs` up, chosen so that a period has at most `maxPoints` of them. */
const NICE_STEPS_S = [10, 30, 60, 300, 900, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 86_400];

export function chooseStepMs(rangeMs: number, maxPoints: number, minStepMs: number): number {
  for (const seconds of NICE_STEPS_S) {
    const stepMs = seconds * 1000;
    if (stepMs >= minStepMs && rangeMs / stepMs <= maxPoints) return stepMs;
  }
  return NICE_STEPS_S.at(-1)! * 1000;
}

/** The sum of several series at each step any of them has. */
export function sumSteps(series: Iterable<Steps>): Steps {
  const total: Steps = new Map();
  for (const steps of series) {
    for (const [t, value] of steps) total.set(t, (total.get(t) ?? 0) + value);
  }
  return total;
}

export function mapSteps(steps: Steps, f: (value: number) => number): Steps {
  return new Map([...steps].map(([t, v]) => [t, f(v)]));
}

export function meanOf(steps: Steps): number | null {
  if (steps.size === 0) return null;
  let sum = 0;
  for (const value of steps.values()) sum += value;
  return sum / steps.size;
}

export function peakOf(steps: Steps): number | null {
  return steps.size === 0 ? null : Math.max(...steps.values());
}

/** Energy (kWh) of a power series (kW): each step's average over its length. */
export function energyKwh(steps: Steps, stepMs: number): number | null {
  if (steps.size === 0) return null;
  let sum = 0;
  for (const value of steps.values()) sum += value;
  return (sum * stepMs) / 3_600_000;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
