export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, maxMs: 5 * 60_000 };

/**
 * Delay before retry number `attempt` (1 for the first retry): exponential growth capped at
 * maxMs, half of it fixed and half random ("equal jitter"), so that agents cut off by the same
 * outage do not all come back at the same moment. `random` is in [0, 1).
 */
export function backoffDelay(
  attempt: number,
  { baseMs, maxMs }: BackoffOptions = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(attempt, 1) - 1, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
