import {
  COOLANT_CP_KJ_PER_KG_K,
  WATER_CP_KJ_PER_KG_K,
  WATER_DENSITY_KG_PER_M3,
  flowSetpointLpm,
  type PcduParameters,
} from './pcdu-model.js';

/** Setpoints as the registers hold them: valve 0–10000 (0.01 %), ΔT in kelvin. */
export interface Setpoints {
  valveSetpoint: number;
  deltaTSetpointK: number;
}

/** Where the unit settles under a constant load (the twin's prediction). */
export interface OperatingPoint {
  heatLoadKw: number;
  waterInletC: number;
  valvePercent: number;
  waterFlowLpm: number;
  coolantSupplyC: number;
  coolantReturnC: number;
  waterOutletC: number;
}

const lpmToCapacityKwPerK = (lpm: number) =>
  (lpm / 60_000) * WATER_DENSITY_KG_PER_M3 * WATER_CP_KJ_PER_KG_K;

/**
 * The steady state of `stepPcdu` in AUTO mode (what the Euler steps converge to): the valve sits
 * at the higher of its setpoint and the flow the ΔT loop asks for, and the exchanger moves the
 * whole load, ε·Cmin·(T_return − T_water,in) = Q, with T_return = T_supply + Q/C_coolant. So
 *   T_supply = T_water,in + Q/(ε·Cmin) − Q/C_coolant,  T_water,out = T_water,in + Q/C_water.
 * With no water flow under load there is no steady state: the temperatures are +∞.
 */
export function steadyState(
  params: PcduParameters,
  setpoints: Setpoints,
  heatLoadKw: number,
  coolantFlowKgPerS = params.nominalCoolantFlowKgPerS,
): OperatingPoint {
  const loadKw = Math.max(0, heatLoadKw);
  const flowPercent =
    (100 * flowSetpointLpm(loadKw, setpoints.deltaTSetpointK)) / params.maxWaterFlowLpm;
  const valvePercent = Math.min(100, Math.max(setpoints.valveSetpoint / 100, flowPercent));
  const waterFlowLpm = (params.maxWaterFlowLpm * valvePercent) / 100;
  const waterCapacity = lpmToCapacityKwPerK(waterFlowLpm);
  const coolantCapacity = coolantFlowKgPerS * COOLANT_CP_KJ_PER_KG_K;
  const exchangerConductance = params.effectiveness * Math.min(waterCapacity, coolantCapacity);
  const inlet = params.waterInletC;
  if (loadKw === 0) {
    return {
      heatLoadKw: 0,
      waterInletC: inlet,
      valvePercent,
      waterFlowLpm,
      coolantSupplyC: inlet,
      coolantReturnC: inlet,
      waterOutletC: inlet,
    };
  }
  if (exchangerConductance <= 0 || coolantCapacity <= 0) {
    return {
      heatLoadKw: loadKw,
      waterInletC: inlet,
      valvePercent,
      waterFlowLpm,
      coolantSupplyC: Number.POSITIVE_INFINITY,
      coolantReturnC: Number.POSITIVE_INFINITY,
      waterOutletC: Number.POSITIVE_INFINITY,
    };
  }
  const coolantSupplyC = inlet + loadKw / exchangerConductance - loadKw / coolantCapacity;
  return {
    heatLoadKw: loadKw,
    waterInletC: inlet,
    valvePercent,
    waterFlowLpm,
    coolantSupplyC,
    coolantReturnC: coolantSupplyC + loadKw / coolantCapacity,
    waterOutletC: inlet + loadKw / waterCapacity,
  };
}
