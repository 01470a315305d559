import { ORG_SETTINGS_PATH, orgSettingsSchema, type OrgSettings } from '@brezza/contract';
import type { ApiRequest } from '@/lib/api-client';

export type ApiCall = <T>(path: string, request?: ApiRequest) => Promise<T>;

/** SPEC §7: GET with Accept and Content-Type JSON; answers grafana_url and tau_url. */
export async function getOrgSettings(request: ApiCall): Promise<OrgSettings> {
  const body = await request<unknown>(ORG_SETTINGS_PATH, {
    headers: { 'Content-Type': 'application/json' },
    fallbackError: 'Failed to fetch organisation settings: {status}',
  });
  return orgSettingsSchema.parse(body);
}

/**
 * The settings, or null when they could not be read: SPEC §8 has that failure logged only, so
 * the default observability link stays and no AI Toolkit link shows.
 */
export async function getOrgSettingsOrNull(request: ApiCall): Promise<OrgSettings | null> {
  try {
    return await getOrgSettings(request);
  } catch (failure) {
    console.warn('Failed to fetch organisation settings:', failure);
    return null;
  }
}
