import { z } from 'zod';
import { EQUIPMENT_PATH } from './equipment.js';

/**
 * Setpoint recommendations for pCDUs (issue 15, Platino): setpoints tried on a digital twin of
 * the unit (its physics calibrated on its own history) that lower cooling energy while keeping
 * every constraint below, applied by an operator through the equipment command path, or by
 * automatic mode when the organisation's admin turned it on.
 */

export const RECOMMENDATIONS_PATH = '/api/recommendations';
export const RECOMMENDATION_SETTINGS_PATH = '/api/recommendations/settings';
export const equipmentRecommendationsPath = (equipmentId: number) =>
  `${EQUIPMENT_PATH}/${equipmentId}/recommendations`;
export const applyRecommendationPath = (equipmentId: number, recommendationId: number) =>
  `${EQUIPMENT_PATH}/${equipmentId}/recommendations/${recommendationId}/apply`;
export const revertRecommendationPath = (equipmentId: number) =>
  `${EQUIPMENT_PATH}/${equipmentId}/recommendations/revert`;

// ---------------------------------------------------------------------------------------------
// Constraints every recommendation keeps on the twin.

/**
 * The technology loop's supply to the cold plates: the built-in alert's upper bound (alert rule
 * "pCDU refrigerant supply temperature out of range", 15–30 °C).
 */
export const MAX_COOLANT_SUPPLY_C = 30;
/** Facility water flow: above the built-in low-flow alert (5 L/min, clears at 6). */
export const MIN_WATER_FLOW_LPM = 6;
/** Facility water back to the plant: the top of the sensor's normal range (docs: pCDU Sensors). */
export const MAX_WATER_OUTLET_C = 45;

/**
 * ASHRAE TC 9.9 facility water classes: the warmest supply each is designed for (°C). A unit's
 * class is the coolest one its measured supply fits; the twin is trusted only inside the class
 * the plant is declared at (RECOMMENDATION_WATER_CLASS).
 */
export const WATER_CLASSES = [
  { id: 'W17', maxSupplyC: 17 },
  { id: 'W27', maxSupplyC: 27 },
  { id: 'W32', maxSupplyC: 32 },
  { id: 'W40', maxSupplyC: 40 },
  { id: 'W45', maxSupplyC: 45 },
] as const;
export type WaterClassId = (typeof WATER_CLASSES)[number]['id'] | 'W+';
export const RECOMMENDATION_WATER_CLASS: WaterClassId = 'W27';

export function waterClassOf(supplyC: number): WaterClassId {
  return WATER_CLASSES.find((c) => supplyC <= c.maxSupplyC)?.id ?? 'W+';
}

export const maxSupplyOfClass = (id: WaterClassId): number =>
  WATER_CLASSES.find((c) => c.id === id)?.maxSupplyC ?? Number.POSITIVE_INFINITY;

/** How often recommendations are made for each pCDU (DeepMind's loop: every 5 minutes). */
export const RECOMMENDATION_INTERVAL_MS = 5 * 60_000;
/** A proposal not checked for this long is not applied: the load it was checked on has moved on. */
export const RECOMMENDATION_FRESH_MS = 15 * 60_000;
/** The realised saving is measured over this long after the setpoints were applied. */
export const REALISED_WINDOW_MS = 60 * 60_000;

export const CONSTRAINT_IDS = ['coolantSupply', 'waterFlow', 'waterOutlet'] as const;
export type ConstraintId = (typeof CONSTRAINT_IDS)[number];
export const CONSTRAINT_LABELS: Record<ConstraintId, string> = {
  coolantSupply: `Coolant supply ≤ ${MAX_COOLANT_SUPPLY_C} °C`,
  waterFlow: `Facility water flow ≥ ${MIN_WATER_FLOW_LPM} L/min`,
  waterOutlet: `Facility water return ≤ ${MAX_WATER_OUTLET_C} °C`,
};

// ---------------------------------------------------------------------------------------------
// Messages.

export const RECOMMENDATION_UNIT_NOT_FOUND = 'No such equipment in your organisation.';
export const RECOMMENDATION_NOT_FOUND = 'No such recommendation for this unit.';
export const RECOMMENDATION_NOT_PROPOSED =
  'This recommendation is no longer open: only the newest proposal can be applied.';
export const RECOMMENDATION_STALE =
  'This recommendation was last checked more than 15 minutes ago; wait for its next check.';
export const RECOMMENDATION_NOW_UNSAFE =
  'The twin no longer finds these setpoints safe at the current load; nothing was sent.';
export const RECOMMENDATION_ONLY_PCDU = 'Recommendations are made for pCDUs only.';
export const NOTHING_TO_REVERT = 'No applied recommendation to revert on this unit.';

// ---------------------------------------------------------------------------------------------
// Schemas.

export const RECOMMENDATION_STATUSES = [
  'proposed',
  'superseded',
  'pending',
  'applied',
  'failed',
  'reverted',
] as const;
export const recommendationStatusSchema = z.enum(RECOMMENDATION_STATUSES);
export type RecommendationStatus = z.infer<typeof recommendationStatusSchema>;

export const riskSchema = z.object({
  level: z.enum(['low', 'medium']),
  /** The constraint the twin comes closest to over the recent load. */
  nearestConstraint: z.enum(CONSTRAINT_IDS),
  /** Distance to it, in the constraint's unit (K or L/min). */
  margin: z.number(),
  unit: z.enum(['K', 'L/min']),
  /** The same distance in standard deviations of the twin's fit error. */
  marginSigma: z.number(),
});
export type Risk = z.infer<typeof riskSchema>;

/** The twin's prediction at the window's highest load (the one the constraints bind at). */
export const predictedPointSchema = z.object({
  heatLoadKw: z.number(),
  coolantSupplyC: z.number(),
  coolantReturnC: z.number(),
  waterInletC: z.number(),
  waterOutletC: z.number(),
  waterFlowLpm: z.number(),
  valvePercent: z.number(),
});
export type PredictedPoint = z.infer<typeof predictedPointSchema>;

export const recommendedSetpointsSchema = z.object({
  /** 0–10000 = 0.00–100.00 % (SPEC §5). */
  valveSetpoint: z.number().int(),
  /** K, one decimal (SPEC §5). */
  deltaTSetpoint: z.number(),
});
export type RecommendedSetpoints = z.infer<typeof recommendedSetpointsSchema>;

export const recommendationSchema = z.object({
  id: z.number().int(),
  equipmentId: z.number().int(),
  equipmentName: z.string(),
  setpoints: recommendedSetpointsSchema,
  /** The setpoints in force when it was made: the twin's baseline, and what revert restores. */
  baseline: recommendedSetpointsSchema,
  predictedSavingPercent: z.number(),
  predicted: predictedPointSchema.extend({
    /** Mean cooling power over the recent load, recommended and baseline (kW). */
    coolingPowerKw: z.number(),
    baselineCoolingPowerKw: z.number(),
  }),
  risk: riskSchema,
  /** When it was first proposed: it stands at least the hold time from then (docs: pCDU Digital Twin). */
  createdAt: z.string(),
  /** Its last check on the twin at the current load (prediction and risk are from then). */
  checkedAt: z.string(),
  status: recommendationStatusSchema,
  /** Who applied it: an operator's name, or "Automatic mode". */
  appliedBy: z.string().nullable(),
  appliedAt: z.string().nullable(),
  commandId: z.number().int().nullable(),
  /** Why its command failed, when it did. */
  reason: z.string().nullable(),
  /** Measured over the hour after it was applied; null until then. */
  realised: z
    .object({
      savingPercent: z.number(),
      coolingPowerKw: z.number(),
      baselineCoolingPowerKw: z.number(),
      measuredAt: z.string(),
    })
    .nullable(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const twinFitSchema = z.object({
  effectiveness: z.number(),
  maxWaterFlowLpm: z.number(),
  loopHeatCapacityKjPerK: z.number(),
  coolantFlowKgPerS: z.number(),
  /** Root-mean-square error of the fitted twin against the stored samples. */
  error: z.object({
    waterFlowLpm: z.number(),
    waterOutletK: z.number(),
    coolantSupplyK: z.number(),
  }),
  samples: z.number().int(),
  fittedAt: z.string(),
});
export type TwinFit = z.infer<typeof twinFitSchema>;

export const equipmentRecommendationsSchema = z.object({
  recommendations: z.array(recommendationSchema),
  /** The twin the newest recommendation came from; null before the unit has enough history. */
  twin: twinFitSchema.nullable(),
  /** Why there is no open proposal now, in an operator's words; null when there is one. */
  note: z.string().nullable(),
  automaticMode: z.boolean(),
});
export type EquipmentRecommendations = z.infer<typeof equipmentRecommendationsSchema>;

export const recommendationsFeedSchema = z.object({
  recommendations: z.array(recommendationSchema),
  automaticMode: z.boolean(),
});
export type RecommendationsFeed = z.infer<typeof recommendationsFeedSchema>;

export const recommendationSettingsSchema = z.object({ automaticMode: z.boolean() });
export type RecommendationSettings = z.infer<typeof recommendationSettingsSchema>;

export const revertResultSchema = z.object({ recommendation: recommendationSchema });
