import {
  CONSTRAINT_LABELS,
  valveSetpointToPercent,
  type Recommendation,
  type RecommendationStatus,
  type Risk,
} from '@brezza/contract';

export const STATUS_LABELS: Record<RecommendationStatus, string> = {
  proposed: 'Shadow mode: tried on the twin',
  superseded: 'Superseded',
  pending: 'Pending on the unit',
  applied: 'Applied',
  failed: 'Failed',
  reverted: 'Reverted',
};

export const setpointsText = (setpoints: Recommendation['setpoints']) =>
  `Valve ${valveSetpointToPercent(setpoints.valveSetpoint).toFixed(2)} % · ΔT ${setpoints.deltaTSetpoint.toFixed(1)} K`;

export const percentText = (value: number) =>
  `${value > 0 ? '−' : '+'}${Math.abs(value).toFixed(1)} %`;

export const riskText = (risk: Risk) =>
  `${risk.level === 'low' ? 'Low' : 'Medium'} risk: ${risk.margin.toFixed(1)} ${risk.unit} (${risk.marginSigma.toFixed(1)} σ) from “${CONSTRAINT_LABELS[risk.nearestConstraint]}”`;
