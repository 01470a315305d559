import { useQuery } from '@tanstack/react-query';
import { DEMO_DATA_EXPLANATION, DEMO_DATA_LABEL } from '@brezza/contract';
import { useApiClient } from '@/lib/api-client';
import { organisationQueryOptions } from '../api/recommendations';

/** 'Demo data' while the operator looks at the demo organisation's simulated units. */
export function DemoLabel() {
  const request = useApiClient();
  const organisation = useQuery(organisationQueryOptions(request));
  if (!organisation.data?.demo) return null;
  return (
    <span
      title={DEMO_DATA_EXPLANATION}
      className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-300"
    >
      {DEMO_DATA_LABEL}
    </span>
  );
}
