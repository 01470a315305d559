/** "updated 4 s ago", "updated 3 min ago": how old the newest reading is. */
export function ageText(ageMs: number): string {
  const seconds = Math.max(0, Math.floor(ageMs / 1000));
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

export interface Freshness {
  /** 'updated 4 s ago', or 'never read' before the gateway delivered anything. */
  text: string;
  stale: boolean;
}

/**
 * How fresh a unit's values are, on the server's clock: `skewMs` is the server's time minus the
 * browser's when the answer arrived, so a browser clock that is off does not make values stale.
 */
export function freshness(
  lastSeenAt: string | null,
  browserNowMs: number,
  skewMs: number,
  staleAfterMs: number,
): Freshness {
  if (lastSeenAt === null) return { text: 'never read', stale: true };
  const age = browserNowMs + skewMs - Date.parse(lastSeenAt);
  return { text: `updated ${ageText(age)} ago`, stale: age > staleAfterMs };
}
