import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/lib/api-client';
import { usePlan } from '@/lib/plan';
import { organisationQueryOptions } from '@/lib/organisation';
import { ForecastsPanel } from './forecasts-panel';
import { UnusualNowPanel } from './unusual-now-panel';

/**
 * What is unusual now and the forecasts of a scope, side by side (one column on a phone). Only
 * with a plan that includes predictions: other pages host these panels, and without Oro they
 * show nothing there and make no call the server would refuse.
 */
export default function ScopeInsights({ scope }: { scope: string }) {
  const request = useApiClient();
  const organisation = useQuery(organisationQueryOptions(request));
  const allowed = usePlan().allows('predictions') === true;
  const demo = organisation.data?.demo ?? false;
  if (!allowed) return null;
  return (
    <section aria-label="Predictions" className="mt-6 grid items-start gap-4 lg:grid-cols-2">
      <UnusualNowPanel scope={scope} demo={demo} />
      <ForecastsPanel scope={scope} demo={demo} />
    </section>
  );
}
