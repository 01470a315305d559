import {
  DEFAULT_DELTA_T_SETPOINT_K,
  DEFAULT_VALVE_SETPOINT_RAW,
  type SimulatorFault,
} from '@brezza/contract';

/**
 * The pCDU simulator's physical model, as pure functions (documented in apps/agent/README.md and
 * the docs page "pCDU Simulator"). Two loops meet in a counter-flow heat exchanger:
 * - the technology loop ("refrigerant": a single-phase coolant, cp 3.8 kJ/(kg·K)) carries the
 *   servers' heat, pushed by the unit's own pump at a fixed mass flow;
 * - the facility water loop (cp 4.18 kJ/(kg·K), 997 kg/m³) takes it away through a valve.
 * Units are in the names: kW, kg/s, L/min, °C, K, PSI, %. Readings use the register map's units
 * (ref_m in kg/min, transducers in V).
 */

export const WATER_CP_KJ_PER_KG_K = 4.18;
export const WATER_DENSITY_KG_PER_M3 = 997;
export const COOLANT_CP_KJ_PER_KG_K = 3.8;

export interface PcduParameters {
  /** Facility water supply temperature at the unit's inlet. */
  waterInletC: number;
  ambientC: number;
  /** Water flow with the valve fully open (linear valve characteristic). */
  maxWaterFlowLpm: number;
  /** Technology-loop pump mass flow when healthy. */
  nominalCoolantFlowKgPerS: number;
  /** Heat-exchanger effectiveness (counter-flow, taken as constant). */
  effectiveness: number;
  /** Thermal mass of the technology loop (coolant, pipes, cold plates). */
  loopHeatCapacityKjPerK: number;
  /** Fastest valve actuator travel. */
  valveSlewPercentPerS: number;
  facilitySupplyPressurePsi: number;
  /** Pressure drop across valve and exchanger at full flow (∝ flow²). */
  fullFlowPressureDropPsi: number;
  /** Pressure transducers: ratiometric 0.5–4.5 V for 0–this PSI. */
  transducerFullScalePsi: number;
}

export const DEFAULT_PCDU_PARAMETERS: PcduParameters = {
  waterInletC: 18,
  ambientC: 24,
  maxWaterFlowLpm: 80,
  nominalCoolantFlowKgPerS: 1.2,
  effectiveness: 0.75,
  loopHeatCapacityKjPerK: 760,
  valveSlewPercentPerS: 5,
  facilitySupplyPressurePsi: 45,
  fullFlowPressureDropPsi: 12,
  transducerFullScalePsi: 100,
};

/**
 * The unit's own electrical draw: the technology-loop pump at its fixed speed and the controls.
 * A degraded (worn) pump draws its full power while delivering a fraction of the flow, which is
 * what makes the cooling overhead ratio rise.
 */
export const PUMP_ELECTRICAL_KW = 0.3;
export const CONTROLS_ELECTRICAL_KW = 0.06;

/** A degraded pump delivers this share of its nominal flow. */
export const DEGRADED_PUMP_RATIO = 0.4;
/** Sensor drift: the water inlet reading creeps this fast, up to the cap. */
export const DRIFT_K_PER_S = 0.02;
export const DRIFT_MAX_K = 5;

export interface PcduFaults {
  leak: boolean;
  psu1: boolean;
  psu2: boolean;
  pump: boolean;
  sensorDrift: boolean;
  offline: boolean;
}
export const NO_FAULTS: PcduFaults = {
  leak: false,
  psu1: false,
  psu2: false,
  pump: false,
  sensorDrift: false,
  offline: false,
};

export type ControlMode = 'AUTO' | 'MANUAL';

export interface PcduState {
  /** Holding register 0: 0–10000 = 0.00–100.00 %. In AUTO the valve never closes below it. */
  valveSetpointRaw: number;
  /** Holding register 1: tenths of a kelvin. */
  deltaTSetpointRaw: number;
  controlMode: ControlMode;
  valvePercent: number;
  /** The technology loop's supply temperature (its lumped state). */
  coolantSupplyC: number;
  energyKwh: number;
  driftK: number;
  faults: PcduFaults;
}

export function initialPcduState(params: PcduParameters = DEFAULT_PCDU_PARAMETERS): PcduState {
  return {
    valveSetpointRaw: DEFAULT_VALVE_SETPOINT_RAW,
    deltaTSetpointRaw: DEFAULT_DELTA_T_SETPOINT_K * 10,
    controlMode: 'AUTO',
    valvePercent: DEFAULT_VALVE_SETPOINT_RAW / 100,
    coolantSupplyC: params.waterInletC + 4,
    energyKwh: 0,
    driftK: 0,
    faults: NO_FAULTS,
  };
}

/** Faults as the control channel sets them: each one adds to the others; 'clear' ends all. */
export function applyFault(faults: PcduFaults, fault: SimulatorFault): PcduFaults {
  switch (fault) {
    case 'clear':
      return NO_FAULTS;
    case 'sensor-drift':
      return { ...faults, sensorDrift: true };
    default:
      return { ...faults, [fault]: true };
  }
}

const lpmToKgPerS = (lpm: number) => (lpm / 60_000) * WATER_DENSITY_KG_PER_M3;
const kgPerSToLpm = (kgPerS: number) => (kgPerS / WATER_DENSITY_KG_PER_M3) * 60_000;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export interface PcduFlows {
  waterFlowLpm: number;
  waterMassFlowKgPerS: number;
  coolantFlowKgPerS: number;
  coolantReturnC: number;
  /** Heat the coolant picks up from the servers, as its flow and temperatures measure it. */
  coolantHeatKw: number;
  /** Heat the exchanger moves from the coolant to the water. */
  exchangedKw: number;
  waterOutletC: number;
}

/** The loops' instantaneous flows and temperatures for a state and a heat load. */
export function pcduFlows(state: PcduState, params: PcduParameters, heatLoadKw: number): PcduFlows {
  const waterFlowLpm = (params.maxWaterFlowLpm * state.valvePercent) / 100;
  const waterMassFlowKgPerS = lpmToKgPerS(waterFlowLpm);
  const coolantFlowKgPerS =
    params.nominalCoolantFlowKgPerS * (state.faults.pump ? DEGRADED_PUMP_RATIO : 1);
  const coolantCapacity = coolantFlowKgPerS * COOLANT_CP_KJ_PER_KG_K;
  const waterCapacity = waterMassFlowKgPerS * WATER_CP_KJ_PER_KG_K;
  const coolantReturnC = state.coolantSupplyC + heatLoadKw / coolantCapacity;
  // ε-NTU with a constant ε: the exchanger moves ε·Cmin·(hot in − cold in), never backwards.
  const exchangedKw = Math.max(
    0,
    params.effectiveness *
      Math.min(coolantCapacity, waterCapacity) *
      (coolantReturnC - params.waterInletC),
  );
  const waterOutletC =
    waterCapacity > 0 ? params.waterInletC + exchangedKw / waterCapacity : params.waterInletC;
  return {
    waterFlowLpm,
    waterMassFlowKgPerS,
    coolantFlowKgPerS,
    coolantReturnC,
    coolantHeatKw: coolantCapacity * (coolantReturnC - state.coolantSupplyC),
    exchangedKw,
    waterOutletC,
  };
}

/**
 * The ΔT loop's water flow setpoint: the flow that carries the load the coolant side measures at
 * the ΔT setpoint (Q = ṁ·cp·ΔT solved for ṁ). The coolant side's heat does not depend on the
 * valve, so the loop has no positive feedback (driving it from the exchanged heat would: more
 * flow, more heat exchanged, more flow). Unbounded (the valve saturates) when the setpoint is 0.
 */
export function flowSetpointLpm(loadKw: number, deltaTSetpointK: number): number {
  if (deltaTSetpointK <= 0) return Number.POSITIVE_INFINITY;
  return kgPerSToLpm(loadKw / (WATER_CP_KJ_PER_KG_K * deltaTSetpointK));
}

/** Where the valve is driven: AUTO follows the flow setpoint above the valve setpoint; MANUAL holds the valve setpoint. */
export function valveTargetPercent(
  state: PcduState,
  params: PcduParameters,
  flows: PcduFlows,
): number {
  const setpointPercent = state.valveSetpointRaw / 100;
  if (state.controlMode === 'MANUAL') return setpointPercent;
  const flowPercent =
    (100 * flowSetpointLpm(flows.coolantHeatKw, state.deltaTSetpointRaw / 10)) /
    params.maxWaterFlowLpm;
  return clamp(Math.max(setpointPercent, flowPercent), 0, 100);
}

/** One explicit Euler step of `dtS` seconds (stable for dt well under the loop's ~8 min time constant). */
export function stepPcdu(
  state: PcduState,
  params: PcduParameters,
  heatLoadKw: number,
  dtS: number,
): PcduState {
  const flows = pcduFlows(state, params, heatLoadKw);
  const target = valveTargetPercent(state, params, flows);
  const travel = params.valveSlewPercentPerS * dtS;
  const valvePercent = clamp(target, state.valvePercent - travel, state.valvePercent + travel);
  // The loop warms by what the servers put in and cools by what the exchanger takes out.
  const coolantSupplyC =
    state.coolantSupplyC + ((heatLoadKw - flows.exchangedKw) * dtS) / params.loopHeatCapacityKjPerK;
  return {
    ...state,
    valvePercent,
    coolantSupplyC,
    energyKwh: state.energyKwh + (flows.exchangedKw * dtS) / 3600,
    driftK: state.faults.sensorDrift
      ? Math.min(DRIFT_MAX_K, state.driftK + DRIFT_K_PER_S * dtS)
      : 0,
  };
}

export const ERROR_STATES = { OK: 0, WATER_LEAK: 1, PSU_FAULT: 2, PUMP_DEGRADED: 3 } as const;
export const MALFUNCTION_BITS = { leak: 1, psu1: 2, psu2: 4, pump: 8 } as const;

/** What the unit's sensors show (SPEC §2 names, engineering units). */
export interface PcduReadings {
  refrigerant_supply_temperature: number;
  refrigerant_return_temperature: number;
  ambtemp: number;
  water_outlet_temperature: number;
  water_inlet_temperature: number;
  dT: number;
  facility_supply_pressure_voltage: number;
  facility_return_pressure_voltage: number;
  facility_supply_pressure: number;
  facility_return_pressure: number;
  wflow: number;
  ref_m: number;
  valveNow: number;
  Setpoint_VolumetricFlow: number;
  energy: number;
  cooling_power: number;
  electrical_power: number;
  ErrorState: number;
  psu1: number;
  psu2: number;
  malfunction: number;
  waterleak: boolean;
}

export function pcduReadings(
  state: PcduState,
  params: PcduParameters,
  heatLoadKw: number,
): PcduReadings {
  const flows = pcduFlows(state, params, heatLoadKw);
  const { faults } = state;
  const dropPsi =
    params.fullFlowPressureDropPsi * (flows.waterFlowLpm / params.maxWaterFlowLpm) ** 2;
  const supplyPsi = params.facilitySupplyPressurePsi;
  const returnPsi = supplyPsi - dropPsi;
  const volts = (psi: number) => 0.5 + (4 * psi) / params.transducerFullScalePsi;
  // A drifting inlet sensor misreports; the physics (and the outlet) do not change.
  const waterInletReadC = params.waterInletC + state.driftK;
  const errorState = faults.leak
    ? ERROR_STATES.WATER_LEAK
    : faults.psu1 || faults.psu2
      ? ERROR_STATES.PSU_FAULT
      : faults.pump
        ? ERROR_STATES.PUMP_DEGRADED
        : ERROR_STATES.OK;
  const flowSetpoint = flowSetpointLpm(flows.coolantHeatKw, state.deltaTSetpointRaw / 10);
  return {
    refrigerant_supply_temperature: state.coolantSupplyC,
    refrigerant_return_temperature: flows.coolantReturnC,
    ambtemp: params.ambientC,
    water_outlet_temperature: flows.waterOutletC,
    water_inlet_temperature: waterInletReadC,
    dT: flows.waterOutletC - waterInletReadC,
    facility_supply_pressure_voltage: volts(supplyPsi),
    facility_return_pressure_voltage: volts(returnPsi),
    facility_supply_pressure: supplyPsi,
    facility_return_pressure: returnPsi,
    wflow: flows.waterFlowLpm,
    ref_m: flows.coolantFlowKgPerS * 60,
    valveNow: state.valvePercent,
    Setpoint_VolumetricFlow: Math.min(flowSetpoint, params.maxWaterFlowLpm),
    energy: state.energyKwh,
    cooling_power: flows.exchangedKw,
    electrical_power: PUMP_ELECTRICAL_KW + CONTROLS_ELECTRICAL_KW,
    ErrorState: errorState,
    psu1: faults.psu1 ? 1 : 0,
    psu2: faults.psu2 ? 1 : 0,
    malfunction:
      (faults.leak ? MALFUNCTION_BITS.leak : 0) |
      (faults.psu1 ? MALFUNCTION_BITS.psu1 : 0) |
      (faults.psu2 ? MALFUNCTION_BITS.psu2 : 0) |
      (faults.pump ? MALFUNCTION_BITS.pump : 0),
    waterleak: faults.leak,
  };
}

/**
 * The demo's heat load: a base with slow, deterministic swings (±5 % over 10 min, ±2 % over
 * 37 s), so that the dashboard moves every refresh the way a busy room does.
 */
export function varyingHeatLoadKw(baseKw: number, timeS: number): number {
  return (
    baseKw *
    (1 + 0.05 * Math.sin((2 * Math.PI * timeS) / 600) + 0.02 * Math.sin((2 * Math.PI * timeS) / 37))
  );
}
