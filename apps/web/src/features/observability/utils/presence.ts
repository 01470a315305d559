import type { ServerPresence } from '@brezza/contract';

/**
 * Online or offline from a server's last sample, judged on the server's clock (`checkedAt`) so
 * that a browser with a wrong clock still reads it right. Pure.
 */
export type PresenceStatus = { online: boolean; lastSeenAt: string | null };

export function presenceOf(presence: ServerPresence | undefined, serverId: number): PresenceStatus {
  const entry = presence?.servers.find((server) => server.id === serverId);
  if (!presence || !entry) return { online: false, lastSeenAt: null };
  const ageMs = Date.parse(presence.checkedAt) - Date.parse(entry.lastSeenAt);
  return { online: ageMs <= presence.onlineWithinSeconds * 1000, lastSeenAt: entry.lastSeenAt };
}

export function countOnline(presence: ServerPresence | undefined, serverIds: readonly number[]) {
  return serverIds.filter((id) => presenceOf(presence, id).online).length;
}
