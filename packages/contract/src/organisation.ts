import { z } from 'zod';

/** SPEC §7: read after authentication; both URLs are null when the organisation has none. */
export const ORG_SETTINGS_PATH = '/api/get-org-settings';
/** SPEC §7: sent once per session after authentication; success is 200 or 201. */
export const LINK_GRAFANA_PATH = '/api/link-grafana';

export const orgSettingsSchema = z.object({
  /** URL of the organisation's observability dashboard. */
  grafana_url: z.string().nullable(),
  /** URL of the organisation's AI toolkit. */
  tau_url: z.string().nullable(),
});
export type OrgSettings = z.infer<typeof orgSettingsSchema>;

/**
 * What link-grafana answers. 201 when the user, the organisation's Grafana organisation or the
 * membership had to be created, 200 when all three existed or Grafana is not configured.
 */
export const linkGrafanaResultSchema = z.discriminatedUnion('linked', [
  z.object({
    linked: z.literal(true),
    created: z.object({
      organisation: z.boolean(),
      user: z.boolean(),
      membership: z.boolean(),
    }),
  }),
  z.object({ linked: z.literal(false), reason: z.string() }),
]);
export type LinkGrafanaResult = z.infer<typeof linkGrafanaResultSchema>;

export const GRAFANA_NOT_CONFIGURED = 'Grafana is not configured.';
export const GRAFANA_FAILED_ERROR = 'Grafana could not link this account. Please try again later.';
