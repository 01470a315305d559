import { useQuery } from '@tanstack/react-query';
import { PlanGate } from '@/components/plan/plan-gate';
import { planRefusal } from '@/components/plan/plan-refusal';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { unitRecommendationsQueryOptions, useRevertRecommendation } from '../api/recommendations';
import { AutomaticMode } from './automatic-mode';
import { DemoDataBadge } from '@/components/demo-data-badge';
import { RecommendationCard } from './recommendation-card';

/** The calibration's upper bound for the loop's heat capacity (50 × the model's 760 kJ/K). */
const LOOP_CAPACITY_BOUND_KJ_PER_K = 0.99 * 50 * 760;

/** A pCDU's recommendations: its twin, the open proposal and the history of applied ones. */
export function UnitRecommendations({ equipmentId }: { equipmentId: number }) {
  const request = useApiClient();
  const { can } = useMe();
  const query = useQuery(unitRecommendationsQueryOptions(request, equipmentId));
  const revert = useRevertRecommendation();
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    const feature = planRefusal(query.error);
    if (feature) return <PlanGate feature={feature} />;
    return <Alert tone="error">{query.error.message}</Alert>;
  }
  const { recommendations, twin, note, automaticMode } = query.data;
  const applied = recommendations.find((r) => r.status === 'applied' || r.status === 'pending');
  return (
    <section aria-label="Recommendations" className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold text-ink">Setpoint recommendations</h2>
        <DemoDataBadge />
      </div>
      <p className="text-sm text-slate-600">
        Setpoints that lower cooling energy (facility pumping, dry cooler and chiller) while the
        coolant supply, water flow and water return keep their limits, tried on a digital twin of
        this unit calibrated on its own readings.
      </p>
      <AutomaticMode enabled={automaticMode} canChange={can('admin')} />
      {applied?.status === 'applied' && can('operator') && (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="danger"
            size="sm"
            disabled={revert.isPending}
            onClick={() => revert.mutate(equipmentId)}
          >
            Revert to previous setpoints
          </Button>
          {revert.error && <span className="text-sm text-red-700">{revert.error.message}</span>}
        </div>
      )}
      {note && <Alert tone="info">{note}</Alert>}
      {recommendations.length === 0 && !note && (
        <Alert tone="info">
          The twin runs every 5 minutes; the first recommendation appears after its first run.
        </Alert>
      )}
      <ul className="space-y-3">
        {recommendations
          .filter((r) => r.status !== 'superseded')
          .map((r) => (
            <li key={r.id}>
              <RecommendationCard recommendation={r} canApply={can('operator')} />
            </li>
          ))}
      </ul>
      {twin && (
        <Card className="p-4">
          <h3 className="text-sm font-semibold text-ink">The twin</h3>
          <p className="mt-1 text-xs text-slate-600">
            Fitted on {twin.samples} minute samples of this unit at{' '}
            {new Date(twin.fittedAt).toLocaleString()}: exchanger effectiveness{' '}
            {twin.effectiveness.toFixed(3)}, water flow at a fully open valve{' '}
            {twin.maxWaterFlowLpm.toFixed(1)} L/min,{' '}
            {twin.loopHeatCapacityKjPerK < LOOP_CAPACITY_BOUND_KJ_PER_K
              ? `loop heat capacity ${twin.loopHeatCapacityKjPerK.toFixed(0)} kJ/K`
              : 'loop heat capacity not determined by this history (the load barely moved; the steady state the recommendations use does not depend on it)'}
            , coolant flow {twin.coolantFlowKgPerS.toFixed(2)} kg/s. Fit error (RMS): flow{' '}
            {twin.error.waterFlowLpm.toFixed(2)} L/min, water outlet{' '}
            {twin.error.waterOutletK.toFixed(2)} K, coolant supply{' '}
            {twin.error.coolantSupplyK.toFixed(2)} K.
          </p>
        </Card>
      )}
    </section>
  );
}
