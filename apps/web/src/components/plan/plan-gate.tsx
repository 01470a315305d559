import { Link } from 'react-router';
import {
  PLAN_DISPLAY_NAMES,
  PLAN_FEATURES,
  PLAN_PAGE_PATH,
  planById,
  planRequiredMessage,
  type PlanFeature,
} from '@brezza/contract';
import { Card } from '../ui/card';

/**
 * What a page shows instead of a feature the organisation's plan does not include (issue 14):
 * the server's own words ("… needs the Oro plan."), what that plan unlocks, and the plan page.
 */
export function PlanGate({ feature, className }: { feature: PlanFeature; className?: string }) {
  const plan = planById(PLAN_FEATURES[feature].plan);
  return (
    <Card className={className}>
      <section aria-label="Plan required" className="p-6">
        <p className="text-xs font-semibold tracking-wide text-sky-700 uppercase">
          {plan.name} ({plan.tier})
        </p>
        <h2 className="mt-1 text-lg font-semibold text-slate-900">
          {planRequiredMessage(feature)}
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          The {PLAN_DISPLAY_NAMES[plan.id]} plan unlocks:
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {plan.bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
        <Link
          to={PLAN_PAGE_PATH}
          className="mt-4 inline-flex items-center rounded-lg bg-sky-600 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-700"
        >
          See plans
        </Link>
      </section>
    </Card>
  );
}
