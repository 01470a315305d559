import { z } from 'zod';

/**
 * The in-app observability pages (issue 11) and what they need besides the metrics query API:
 * the page paths (the 'Observability' link's default) and whether the signed-in operator's
 * organisation is the demo one, whose data is simulated and labelled so.
 */
export const OBSERVABILITY_PATH = '/observability';
export const observabilityServerPath = (serverId: number) =>
  `${OBSERVABILITY_PATH}/servers/${serverId}`;

/** GET: the caller's organisation, as the pages show it. */
export const ORGANISATION_PATH = '/api/organisation';
export const organisationSummarySchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** The seeded demo organisation: its telemetry is simulated (shown as 'Demo data'). */
  demo: z.boolean(),
});
export type OrganisationSummary = z.infer<typeof organisationSummarySchema>;

/** What the pages call simulated data, wherever it shows. */
export const DEMO_DATA_LABEL = 'Demo data';
export const DEMO_DATA_EXPLANATION =
  'This organisation is a demo: its servers send simulated telemetry from a physical model.';

/**
 * GET: when each server of the organisation last sent a sample. Apart from the server list,
 * which is cached until the hierarchy changes, because this changes with every push.
 */
export const SERVER_PRESENCE_PATH = '/api/server-presence';
export const serverPresenceSchema = z.object({
  /** The server's clock when it answered, so that a browser's wrong clock does not matter. */
  checkedAt: z.string(),
  /** A server is online while its last sample is at most this old. */
  onlineWithinSeconds: z.number().int().positive(),
  /** Servers that never sent a sample are left out. */
  servers: z.array(z.object({ id: z.number().int().positive(), lastSeenAt: z.string() })),
});
export type ServerPresence = z.infer<typeof serverPresenceSchema>;

export interface ServerStatus {
  online: boolean;
  /** ISO-8601; null when the server never sent a sample. */
  lastSeenAt: string | null;
}

/**
 * Each server's online status from one presence answer, judged on the server's clock
 * (`checkedAt`) so that a browser with a wrong clock still reads it right. Looked up by id in
 * constant time: a table of 100,000 rows asks for every row it draws.
 */
export function indexPresence(presence: ServerPresence): (serverId: number) => ServerStatus {
  const checkedAtMs = Date.parse(presence.checkedAt);
  const limitMs = presence.onlineWithinSeconds * 1000;
  const lastSeen = new Map(presence.servers.map((server) => [server.id, server.lastSeenAt]));
  return (serverId) => {
    const lastSeenAt = lastSeen.get(serverId) ?? null;
    return {
      online: lastSeenAt !== null && checkedAtMs - Date.parse(lastSeenAt) <= limitMs,
      lastSeenAt,
    };
  };
}
