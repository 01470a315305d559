import { paths } from '@/config/paths';
import { OrganisationObservabilityRoute } from '@/features/observability/routes/observability';
import { RecommendationsFeed } from '@/features/recommendations';

/**
 * /observability: the organisation's dashboard, with the real-time recommendations feed
 * (issue 15) below its charts, composed here because features never import each other.
 */
export function OrganisationDashboardRoute() {
  return (
    <>
      <OrganisationObservabilityRoute />
      <div className="mx-auto max-w-7xl px-4 pb-10 sm:px-6 lg:px-8">
        <RecommendationsFeed unitPath={paths.equipmentUnit} />
      </div>
    </>
  );
}
