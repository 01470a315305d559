import { WATER_CP_KJ_PER_KG_K, WATER_DENSITY_KG_PER_M3 } from './pcdu-model.js';

/**
 * Cooling energy attributable to one pCDU's facility water: what the plant spends to deliver
 * the water the unit draws and to take back the heat it returns. Heat itself is not a choice
 * (the servers make it); the flow, and so the return temperature, is.
 *
 * - Pumping: the plant's pumps hold the facility supply pressure; delivering V̇ costs
 *   Δp·V̇/η_pump (hydraulic power over pump-and-motor efficiency).
 * - Free cooling first: the return water passes a dry cooler (water-side economiser) that can
 *   bring it down to `economiserLeavingC` (outdoor temperature plus approach), at
 *   `economiserKwPerKw` of fan power per kW removed.
 * - The chiller trims the rest down to the supply temperature, at `chillerCop`.
 *
 * Less flow at the same heat means a warmer return: more of the heat leaves through the dry
 * cooler, less through the chiller, and less water is pumped. These figures are the plant's;
 * the defaults describe a typical mid-European chilled-water plant and are stated in
 * docs/decisions.md (issue 15).
 */
export interface PlantParameters {
  /** Pressure the plant's pumps hold at the units' inlets (the facility supply pressure). */
  pumpHeadKpa: number;
  pumpEfficiency: number;
  economiserLeavingC: number;
  economiserKwPerKw: number;
  chillerCop: number;
}

export const DEFAULT_PLANT_PARAMETERS: PlantParameters = {
  // 45 PSI, the simulator's (and a typical) facility supply pressure.
  pumpHeadKpa: 310,
  pumpEfficiency: 0.6,
  economiserLeavingC: 22,
  economiserKwPerKw: 0.02,
  chillerCop: 5,
};

/** The water side of a unit as its sensors (or the twin) see it. */
export interface WaterSide {
  waterFlowLpm: number;
  waterInletC: number;
  waterOutletC: number;
}

export interface CoolingPower {
  pumpKw: number;
  economiserKw: number;
  chillerKw: number;
  totalKw: number;
}

export function coolingPowerKw(
  water: WaterSide,
  plant: PlantParameters = DEFAULT_PLANT_PARAMETERS,
): CoolingPower {
  const flowLpm = Math.max(0, water.waterFlowLpm);
  if (flowLpm === 0) return { pumpKw: 0, economiserKw: 0, chillerKw: 0, totalKw: 0 };
  const volumeM3PerS = flowLpm / 60_000;
  const capacityKwPerK = volumeM3PerS * WATER_DENSITY_KG_PER_M3 * WATER_CP_KJ_PER_KG_K;
  const supplyC = water.waterInletC;
  const returnC = Math.max(supplyC, water.waterOutletC);
  const precooledC = Math.min(returnC, Math.max(supplyC, plant.economiserLeavingC));
  const economiserHeatKw = capacityKwPerK * (returnC - precooledC);
  const chillerHeatKw = capacityKwPerK * (precooledC - supplyC);
  const pumpKw = (plant.pumpHeadKpa * volumeM3PerS) / plant.pumpEfficiency;
  const economiserKw = economiserHeatKw * plant.economiserKwPerKw;
  const chillerKw = chillerHeatKw / plant.chillerCop;
  return { pumpKw, economiserKw, chillerKw, totalKw: pumpKw + economiserKw + chillerKw };
}
