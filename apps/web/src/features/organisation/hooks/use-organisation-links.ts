import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/lib/api-client';
import { useAppConfig } from '@/lib/runtime-config';
import { useSession } from '@/lib/auth';
import { linkGrafanaQueryKey, orgSettingsQueryKey } from '../api/query-keys';
import { isGrafanaLinked, markGrafanaLinked } from '../utils/link-grafana-flag';
import { organisationLinks, type OrganisationLinks } from '../utils/organisation-links';

/**
 * SPEC §4: after authentication, the organisation's settings are read and the user is linked to
 * the observability dashboard. Both are queries that never go stale, so however many components
 * ask, each call is made once per user and page load; the link also once per browser session.
 * Neither failure is shown: the default observability link stays and no AI Toolkit link shows.
 * The calls (and the response schemas they parse with) load only once someone is signed in, so
 * the signed-out first load stays small.
 */
export function useOrganisationLinks(): OrganisationLinks {
  const session = useSession();
  const request = useApiClient();
  const { links } = useAppConfig();
  const userId = session.status === 'signed-in' ? session.userId : null;

  const settings = useQuery({
    queryKey: orgSettingsQueryKey(userId ?? ''),
    queryFn: async () => {
      const { getOrgSettingsOrNull } = await import('../api/get-org-settings');
      return getOrgSettingsOrNull(request);
    },
    enabled: userId !== null,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  useQuery({
    queryKey: linkGrafanaQueryKey(userId ?? ''),
    queryFn: async () => {
      const { linkGrafana } = await import('../api/link-grafana');
      const linked = await linkGrafana(request);
      if (linked && userId) markGrafanaLinked(window.sessionStorage, userId);
      return linked;
    },
    enabled: userId !== null && !isGrafanaLinked(window.sessionStorage, userId),
    staleTime: Infinity,
    gcTime: Infinity,
  });

  return organisationLinks(settings.data, links.observability);
}
