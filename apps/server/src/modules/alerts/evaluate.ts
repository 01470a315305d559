import type { AlertStateName, AlertTransition, Condition } from '@brezza/contract';

/**
 * Rule evaluation as pure functions: a series' state and one observation in, the next state and
 * the transition (if any) out. The service persists a state only when it changed, with a
 * compare-and-set on its version, so that two instances seeing the same samples record each
 * transition once.
 */

export interface SeriesState {
  state: AlertStateName;
  /** When the current state began (ms). */
  sinceMs: number;
  /** The value that last moved the state, as text (`31.2`, `ERROR`). */
  value: string | null;
  /** The newest observation's time: older or repeated observations change nothing. */
  evaluatedMs: number;
}

export const INITIAL_STATE: SeriesState = {
  state: 'normal',
  sinceMs: 0,
  value: null,
  evaluatedMs: 0,
};

export interface StepRule {
  condition: Condition;
  forSeconds: number;
}

export interface Observation {
  atMs: number;
  /** Whether the condition holds (see {@link breaches} and {@link absentBreaches}). */
  breach: boolean;
  value: string | null;
}

export interface StepResult {
  next: SeriesState;
  /** null when the state did not change, or changed silently (no data → normal). */
  transition: AlertTransition | null;
  changed: boolean;
}

/** A value as text: whole numbers without decimals, others to at most 3. */
export function formatValue(value: number | string | boolean): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 1000) / 1000);
}

/** Flags arrive as 1/0 in the metrics store and as true/false in the latest values. */
function sameState(value: number | string | boolean, state: string): boolean {
  const wanted = state.trim().toLowerCase();
  if (typeof value === 'boolean') return String(value) === wanted;
  if (typeof value === 'number') {
    if (wanted === 'true') return value !== 0;
    if (wanted === 'false') return value === 0;
    return Number(wanted) === value;
  }
  return value.trim().toLowerCase() === wanted;
}

/**
 * Whether a value breaches the condition. `active` (pending or firing) applies the clear
 * threshold: an active alert holds until the value is back past it (hysteresis).
 */
export function breaches(
  condition: Condition,
  value: number | string | boolean,
  active: boolean,
): boolean {
  switch (condition.kind) {
    case 'equals':
      return sameState(value, condition.state);
    case 'absent':
      // A sample is data: it ends an absence.
      return false;
    default:
      break;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  switch (condition.kind) {
    case 'above':
      return value > (active ? (condition.clear ?? condition.threshold) : condition.threshold);
    case 'below':
      return value < (active ? (condition.clear ?? condition.threshold) : condition.threshold);
    case 'outside': {
      const margin = active ? (condition.hysteresis ?? 0) : 0;
      return value < condition.low + margin || value > condition.high - margin;
    }
  }
}

/** Whether an `absent` condition holds at `nowMs` given the device's last report. */
export function absentBreaches(
  condition: Extract<Condition, { kind: 'absent' }>,
  nowMs: number,
  lastSeenMs: number | null,
): boolean {
  // A device that never reported has nothing to lose; onboarding shows it as waiting.
  if (lastSeenMs === null) return false;
  return nowMs - lastSeenMs >= condition.seconds * 1000;
}

/** One observation applied to a series' state. */
export function step(rule: StepRule, previous: SeriesState, observation: Observation): StepResult {
  const unchanged = { next: previous, transition: null, changed: false };
  if (observation.atMs <= previous.evaluatedMs) return unchanged;
  const at = observation.atMs;
  const move = (state: AlertStateName, transition: AlertTransition | null): StepResult => ({
    next: { state, sinceMs: at, value: observation.value, evaluatedMs: at },
    transition,
    changed: true,
  });
  const touched = { ...unchanged, next: { ...previous, evaluatedMs: at } };

  switch (previous.state) {
    case 'normal':
    case 'nodata':
      if (observation.breach) {
        return rule.forSeconds === 0 ? move('firing', 'firing') : move('pending', 'pending');
      }
      return previous.state === 'nodata' ? move('normal', null) : touched;
    case 'pending':
      if (!observation.breach) return move('normal', 'cancelled');
      if (at - previous.sinceMs >= rule.forSeconds * 1000) return move('firing', 'firing');
      return touched;
    case 'firing':
      return observation.breach ? touched : move('normal', 'resolved');
  }
}

/**
 * A threshold rule's series whose device stopped reporting: normal or pending become no data
 * (recorded, not notified: the loss-of-communication rule does that). A firing alert keeps
 * firing: a leak nobody can see any more is not over.
 */
export function toNoData(previous: SeriesState, atMs: number): StepResult {
  if (previous.state === 'firing' || previous.state === 'nodata' || atMs <= previous.evaluatedMs) {
    return { next: previous, transition: null, changed: false };
  }
  return {
    next: { state: 'nodata', sinceMs: atMs, value: null, evaluatedMs: atMs },
    transition: 'nodata',
    changed: true,
  };
}
