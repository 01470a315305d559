import { useState } from 'react';
import { type Recommendation } from '@brezza/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { Dialog } from '@/components/ui/dialog';
import { useApplyRecommendation } from '../api/recommendations';
import { STATUS_LABELS, percentText, riskText, setpointsText } from '../utils/format';

const STATUS_TONES: Record<Recommendation['status'], string> = {
  proposed: 'bg-sky-100 text-sky-800',
  superseded: 'bg-slate-100 text-slate-600',
  pending: 'bg-amber-100 text-amber-800',
  applied: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
  reverted: 'bg-slate-100 text-slate-700',
};

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-semibold text-ink tabular-nums">{value}</dd>
    </div>
  );
}

/** One recommendation: setpoints, predicted saving beside the realised one, prediction, risk. */
export function RecommendationCard({
  recommendation: r,
  canApply,
  showUnit = false,
}: {
  recommendation: Recommendation;
  canApply: boolean;
  showUnit?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const apply = useApplyRecommendation();
  return (
    <article
      data-testid="recommendation"
      data-status={r.status}
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          {showUnit && <p className="text-xs font-semibold text-slate-500">{r.equipmentName}</p>}
          <p className="text-sm font-semibold text-ink">{setpointsText(r.setpoints)}</p>
          <p className="text-xs text-slate-500">
            from {setpointsText(r.baseline)} · {new Date(r.createdAt).toLocaleString()}
            {r.status === 'proposed' &&
              r.checkedAt !== r.createdAt &&
              ` · checked again ${new Date(r.checkedAt).toLocaleTimeString()}`}
          </p>
        </div>
        <span
          data-testid="recommendation-status"
          className={cx('rounded-full px-2.5 py-0.5 text-xs font-semibold', STATUS_TONES[r.status])}
        >
          {STATUS_LABELS[r.status]}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Predicted cooling energy" value={percentText(r.predictedSavingPercent)} />
        <Figure
          label="Realised (hour after)"
          value={r.realised ? percentText(r.realised.savingPercent) : 'Measuring…'}
        />
        <Figure
          label="Coolant supply (peak load)"
          value={`${r.predicted.coolantSupplyC.toFixed(1)} °C`}
        />
        <Figure label="Water return" value={`${r.predicted.waterOutletC.toFixed(1)} °C`} />
        <Figure label="Water flow" value={`${r.predicted.waterFlowLpm.toFixed(1)} L/min`} />
        <Figure label="Valve" value={`${r.predicted.valvePercent.toFixed(1)} %`} />
        <Figure
          label="Cooling power"
          value={`${r.predicted.coolingPowerKw.toFixed(2)} kW (now ${r.predicted.baselineCoolingPowerKw.toFixed(2)})`}
        />
        <Figure label="Heat load (peak)" value={`${r.predicted.heatLoadKw.toFixed(1)} kW`} />
      </dl>
      {r.realised === null && (r.status === 'applied' || r.status === 'pending') && (
        <p className="mt-2 text-xs text-slate-500">
          The realised saving is measured from the unit’s samples an hour after it was applied.
        </p>
      )}
      <p className="mt-2 text-xs text-slate-600">{riskText(r.risk)}</p>
      {r.appliedBy && (
        <p className="mt-1 text-xs text-slate-500">
          Applied by {r.appliedBy}
          {r.appliedAt ? ` · ${new Date(r.appliedAt).toLocaleString()}` : ''}
        </p>
      )}
      {r.reason && (
        <Alert tone="error" className="mt-2">
          {r.reason}
        </Alert>
      )}
      {r.status === 'proposed' && canApply && (
        <Button size="sm" className="mt-3" onClick={() => setConfirming(true)}>
          Apply
        </Button>
      )}
      {confirming && (
        <Dialog
          title="Apply these setpoints?"
          onClose={() => setConfirming(false)}
          busy={apply.isPending}
        >
          <p className="text-sm text-slate-700">
            {r.equipmentName} goes from {setpointsText(r.baseline)} to{' '}
            <strong>{setpointsText(r.setpoints)}</strong>. The twin predicts{' '}
            {Math.abs(r.predictedSavingPercent).toFixed(1)} %{' '}
            {r.predictedSavingPercent >= 0 ? 'less' : 'more'} cooling energy, with the coolant
            supply at {r.predicted.coolantSupplyC.toFixed(1)} °C at the recent peak load.
          </p>
          <p className="mt-2 text-sm text-slate-600">
            The change is checked again, sent to the unit by its gateway, read back and recorded in
            the audit log. It is never sent twice.
          </p>
          {apply.error && (
            <Alert tone="error" className="mt-3">
              {apply.error.message}
            </Alert>
          )}
          <div className="mt-4 flex justify-end gap-2">
            <Button
              variant="secondary"
              onClick={() => setConfirming(false)}
              disabled={apply.isPending}
            >
              Cancel
            </Button>
            <Button
              disabled={apply.isPending}
              onClick={() => apply.mutate(r, { onSuccess: () => setConfirming(false) })}
            >
              {apply.isPending ? 'Applying…' : 'Apply setpoints'}
            </Button>
          </div>
        </Dialog>
      )}
    </article>
  );
}
