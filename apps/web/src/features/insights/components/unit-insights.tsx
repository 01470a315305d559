import ScopeInsights from './scope-insights';

/** A unit's own predictions, on its dashboard. */
export default function UnitInsights({ unitId }: { unitId: number }) {
  return <ScopeInsights scope={`device:${unitId}`} />;
}
