import { MIN_SAVING_PERCENT, type Setpoints } from '@brezza/cooling-model';

/**
 * Hysteresis of recommendations (docs: pCDU Digital Twin): the twin's optimum is flat, so on a
 * slightly noisy load its cheapest setpoints wander from one run to the next while saving about
 * the same. A recommendation therefore stands until a clearly better one appears: another
 * replaces it only once it has stood HOLD_MS, and only when it saves MIN_GAIN_PERCENT more and
 * moves a setpoint by at least the minimum change; a proposal that no longer saves
 * MIN_SAVING_PERCENT goes once its hold is over. Safety goes first: a standing recommendation the
 * twin no longer finds safe at the current load is replaced (or withdrawn) at once.
 */
export const HYSTERESIS = {
  /** A recommendation stands at least this long (six runs of the 5-minute loop). */
  holdMs: 30 * 60_000,
  /** A new recommendation must save this many percentage points more than the standing one. */
  minGainPercent: 2,
  /** …and change the valve setpoint by this much (raw, 0–10000: 2 % of opening)… */
  minValveChange: 200,
  /** …or the ΔT setpoint by this much (K). */
  minDeltaTChangeK: 0.5,
} as const;

/** What a new run of the twin is weighed against: an open proposal, or the applied setpoints. */
export interface Standing {
  /** An open proposal, or the setpoints in force since a recommendation was applied. */
  kind: 'proposal' | 'inForce';
  setpoints: Setpoints;
  /** When it began to stand: proposed, or applied (ms). */
  sinceMs: number;
  /** Whether it still keeps every constraint with the required margin at the current load. */
  feasibleNow: boolean;
  /** Its saving now against the setpoints in force (%): 0 for the setpoints in force. */
  savingNowPercent: number;
}

/** The twin's cheapest safe setpoints on this run, with their saving against those in force. */
export interface Candidate {
  setpoints: Setpoints;
  savingPercent: number;
}

export type Decision =
  /** Nothing stands: the candidate becomes the recommendation. */
  | { action: 'propose' }
  /** The candidate replaces the standing recommendation (it is superseded). */
  | { action: 'replace'; reason: 'unsafe' | 'better' | 'noSaving' }
  /** The standing recommendation stays. */
  | { action: 'keep'; reason: 'hold' | 'notBetter' }
  /** The standing proposal goes, with nothing in its place (never the setpoints in force). */
  | { action: 'withdraw'; reason: 'unsafe' | 'noSaving' }
  /** Nothing stands and nothing is proposed. */
  | { action: 'none' };

/** Whether two setpoints differ by at least the minimum change in either setpoint. Pure. */
export function clearlyDifferent(a: Setpoints, b: Setpoints): boolean {
  return (
    Math.abs(a.valveSetpoint - b.valveSetpoint) >= HYSTERESIS.minValveChange ||
    Math.abs(a.deltaTSetpointK - b.deltaTSetpointK) >= HYSTERESIS.minDeltaTChangeK - 1e-9
  );
}

/** Weighs one run's candidate against the standing recommendation. Pure. */
export function decide(
  standing: Standing | null,
  candidate: Candidate | null,
  nowMs: number,
): Decision {
  if (!standing) return candidate ? { action: 'propose' } : { action: 'none' };
  if (!standing.feasibleNow) {
    if (candidate) return { action: 'replace', reason: 'unsafe' };
    return standing.kind === 'proposal'
      ? { action: 'withdraw', reason: 'unsafe' }
      : { action: 'none' };
  }
  if (nowMs - standing.sinceMs < HYSTERESIS.holdMs) return { action: 'keep', reason: 'hold' };
  if (
    candidate &&
    candidate.savingPercent - standing.savingNowPercent >= HYSTERESIS.minGainPercent &&
    clearlyDifferent(candidate.setpoints, standing.setpoints)
  )
    return { action: 'replace', reason: 'better' };
  if (standing.kind === 'proposal' && standing.savingNowPercent < MIN_SAVING_PERCENT)
    return candidate
      ? { action: 'replace', reason: 'noSaving' }
      : { action: 'withdraw', reason: 'noSaving' };
  return { action: 'keep', reason: 'notBetter' };
}
