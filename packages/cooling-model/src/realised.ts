import type { CalibrationSample } from './calibration.js';
import { coolingPowerKw, type PlantParameters } from './energy.js';
import { COOLANT_CP_KJ_PER_KG_K, type PcduParameters } from './pcdu-model.js';
import { steadyState, type Setpoints } from './steady-state.js';

/** The heat the servers put into the loop, as the coolant side measures it (kW). */
export const measuredHeatLoadKw = (s: CalibrationSample) =>
  s.coolantFlowKgPerS * COOLANT_CP_KJ_PER_KG_K * Math.max(0, s.coolantReturnC - s.coolantSupplyC);

export interface RealisedSaving {
  savingPercent: number;
  /** Mean cooling power the measured water side needed. */
  coolingPowerKw: number;
  /** Mean cooling power the twin predicts the baseline setpoints would have needed. */
  baselineCoolingPowerKw: number;
}

/**
 * What a change really saved: the cooling power of the unit's measured water side (flow, inlet
 * and outlet as its sensors read them) against the twin's prediction for the baseline
 * setpoints under the very load measured at each sample. Null without samples.
 */
export function realisedSaving(
  samples: readonly CalibrationSample[],
  twin: PcduParameters,
  baseline: Setpoints,
  plant: PlantParameters,
): RealisedSaving | null {
  if (samples.length === 0) return null;
  let measured = 0;
  let predicted = 0;
  for (const s of samples) {
    measured += coolingPowerKw(s, plant).totalKw;
    const point = steadyState(
      { ...twin, waterInletC: s.waterInletC },
      baseline,
      measuredHeatLoadKw(s),
    );
    predicted += coolingPowerKw(point, plant).totalKw;
  }
  const coolingPower = measured / samples.length;
  const baselinePower = predicted / samples.length;
  return {
    savingPercent: baselinePower > 0 ? (100 * (baselinePower - coolingPower)) / baselinePower : 0,
    coolingPowerKw: coolingPower,
    baselineCoolingPowerKw: baselinePower,
  };
}
