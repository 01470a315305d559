import type { OrgSettings } from '@brezza/contract';

export interface OrganisationLinks {
  /** The organisation's dashboard, else the product's default observability host (SPEC §9). */
  observabilityUrl: string;
  /** Only when the organisation has an AI toolkit (SPEC §2, §6). */
  aiToolkitUrl: string | null;
}

/** Only web addresses become links: a stored `javascript:` URL must never reach an href. */
export function webUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function organisationLinks(
  settings: OrgSettings | null | undefined,
  defaultObservabilityUrl: string,
): OrganisationLinks {
  return {
    observabilityUrl: webUrl(settings?.grafana_url) ?? defaultObservabilityUrl,
    aiToolkitUrl: webUrl(settings?.tau_url),
  };
}
