import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/lib/api-client';
import { organisationQueryOptions } from '@/lib/organisation';
import { DemoBadge } from './ui/demo-badge';

/** 'Demo data' next to a title while the operator looks at the demo organisation. */
export function DemoDataBadge() {
  const request = useApiClient();
  const organisation = useQuery(organisationQueryOptions(request));
  return organisation.data?.demo ? <DemoBadge /> : null;
}
