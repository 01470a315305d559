import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PlanGate } from '@/components/plan/plan-gate';
import { planRefusal } from '@/components/plan/plan-refusal';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { usePlan } from '@/lib/plan';
import { feedQueryOptions } from '../api/recommendations';
import { DemoDataBadge } from '@/components/demo-data-badge';
import { RecommendationCard } from './recommendation-card';

/**
 * The dashboard's real-time feed: every pCDU's newest recommendations (refreshed as they come).
 * Outside Platino it shows nothing and asks nothing: the dashboard is not the place to sell it
 * (the pCDU page's Recommendations tab says what Platino unlocks).
 */
export function RecommendationsFeed({ unitPath }: { unitPath: (id: number) => string }) {
  const request = useApiClient();
  const { can } = useMe();
  const allowed = usePlan().allows('recommendations') === true;
  const query = useQuery({ ...feedQueryOptions(request), enabled: allowed });
  if (!allowed) return null;
  return (
    <Card className="p-4 sm:p-5">
      <section aria-label="Recommendations feed">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold text-ink">Recommendations</h2>
          <DemoDataBadge />
          {query.data && (
            <span className="text-xs text-slate-500">
              Automatic mode {query.data.automaticMode ? 'on' : 'off'}
            </span>
          )}
        </div>
        <div className="mt-3">
          {query.isPending ? (
            <Spinner />
          ) : query.isError ? (
            planRefusal(query.error) ? (
              <PlanGate feature={planRefusal(query.error)!} />
            ) : (
              <Alert tone="error">{query.error.message}</Alert>
            )
          ) : query.data.recommendations.length === 0 ? (
            <p className="text-sm text-slate-600">
              No recommendations yet: each pCDU’s twin runs every 5 minutes once it has an hour of
              readings.
            </p>
          ) : (
            <ul className="space-y-3">
              {query.data.recommendations.slice(0, 5).map((r) => (
                <li key={r.id}>
                  <RecommendationCard recommendation={r} canApply={can('operator')} showUnit />
                  <Link
                    to={`${unitPath(r.equipmentId)}?tab=recommendations`}
                    className="mt-1 inline-block text-xs font-medium text-brand-700 hover:underline"
                  >
                    Open {r.equipmentName}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </Card>
  );
}
