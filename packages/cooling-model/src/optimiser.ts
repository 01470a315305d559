import {
  DELTA_T_SETPOINT_RAW_MAX,
  MAX_COOLANT_SUPPLY_C,
  MAX_WATER_OUTLET_C,
  MIN_WATER_FLOW_LPM,
  VALVE_SETPOINT_RAW_MAX,
  type ConstraintId,
} from '@brezza/contract';
import { coolingPowerKw, type PlantParameters } from './energy.js';
import type { PcduParameters } from './pcdu-model.js';
import { steadyState, type OperatingPoint, type Setpoints } from './steady-state.js';

export interface Constraints {
  maxCoolantSupplyC: number;
  minWaterFlowLpm: number;
  maxWaterOutletC: number;
}

export const DEFAULT_CONSTRAINTS: Constraints = {
  maxCoolantSupplyC: MAX_COOLANT_SUPPLY_C,
  minWaterFlowLpm: MIN_WATER_FLOW_LPM,
  maxWaterOutletC: MAX_WATER_OUTLET_C,
};

/** How far the twin may be off: its fit error, floored by what the sensors can resolve. */
export interface Uncertainty {
  temperatureK: number;
  flowLpm: number;
}
export const SENSOR_FLOOR: Uncertainty = { temperatureK: 0.3, flowLpm: 0.5 };

/** A recommendation keeps this many standard deviations of the twin's error from every limit. */
export const REQUIRED_MARGIN_SIGMA = 2;
/**
 * Applying re-checks a proposal on the load as it is by then: it is refused below this margin.
 * Lower than the proposal's own, so that the load moving a little within its window does not
 * refuse every proposal made near the limit, while a real change of load still does.
 */
export const APPLY_MARGIN_SIGMA = 1;
/** Margins of this many standard deviations or more are "low" risk; from 2 up to it, "medium". */
export const LOW_RISK_SIGMA = 3;
/** The load may rise this much above the window's highest while the setpoints hold. */
export const LOAD_HEADROOM = 0.1;
/** Savings smaller than this are not worth a change to a physical unit. */
export const MIN_SAVING_PERCENT = 1;

export interface Margin {
  constraint: ConstraintId;
  /** Distance inside the limit, in its unit (negative: violated). */
  margin: number;
  unit: 'K' | 'L/min';
  sigma: number;
}

/** Each constraint's margin at one operating point, and in standard deviations of the error. */
export function margins(
  point: OperatingPoint,
  constraints: Constraints,
  uncertainty: Uncertainty,
): Margin[] {
  const t = Math.max(uncertainty.temperatureK, SENSOR_FLOOR.temperatureK);
  const f = Math.max(uncertainty.flowLpm, SENSOR_FLOOR.flowLpm);
  const supply = constraints.maxCoolantSupplyC - point.coolantSupplyC;
  const flow = point.waterFlowLpm - constraints.minWaterFlowLpm;
  const outlet = constraints.maxWaterOutletC - point.waterOutletC;
  return [
    { constraint: 'coolantSupply', margin: supply, unit: 'K', sigma: supply / t },
    { constraint: 'waterFlow', margin: flow, unit: 'L/min', sigma: flow / f },
    { constraint: 'waterOutlet', margin: outlet, unit: 'K', sigma: outlet / t },
  ];
}

export interface TwinInputs {
  params: PcduParameters;
  plant: PlantParameters;
  constraints: Constraints;
  uncertainty: Uncertainty;
  /** The coolant-side heat over the recent window (kW), one value per equal step. */
  loadsKw: readonly number[];
}

export interface Evaluation {
  setpoints: Setpoints;
  /** Mean cooling power over the window's loads. */
  coolingPowerKw: number;
  /** The operating point at the highest load plus headroom, where the limits bind. */
  peak: OperatingPoint;
  /** The smallest margin over every load (with headroom), in standard deviations. */
  nearest: Margin;
  feasible: boolean;
}

/**
 * The twin's verdict on setpoints over the recent load: mean energy and the closest constraint
 * over every load of the window and the highest plus headroom. Every load is checked, not just
 * the extremes: the supply temperature peaks where the valve's floor hands over to the ΔT loop,
 * which can be anywhere in between.
 */
export function evaluate(inputs: TwinInputs, setpoints: Setpoints): Evaluation {
  const { params, plant, constraints, uncertainty, loadsKw } = inputs;
  const peakLoad = Math.max(0, ...loadsKw) * (1 + LOAD_HEADROOM);
  const peak = steadyState(params, setpoints, peakLoad);
  let nearest = closest(margins(peak, constraints, uncertainty));
  let power = 0;
  for (const load of loadsKw) {
    const point = steadyState(params, setpoints, load);
    power += coolingPowerKw(point, plant).totalKw;
    const here = closest(margins(point, constraints, uncertainty));
    if (here.sigma < nearest.sigma) nearest = here;
  }
  return {
    setpoints,
    coolingPowerKw: loadsKw.length > 0 ? power / loadsKw.length : 0,
    peak,
    nearest,
    feasible: nearest.sigma >= REQUIRED_MARGIN_SIGMA,
  };
}

const closest = (all: Margin[]) => all.reduce((a, b) => (b.sigma < a.sigma ? b : a));

/** Whether every load of the window keeps the required margin (the search's quick rejection). */
function feasible(inputs: TwinInputs, setpoints: Setpoints): boolean {
  const { params, constraints, uncertainty, loadsKw } = inputs;
  const loads = [Math.max(0, ...loadsKw) * (1 + LOAD_HEADROOM), ...loadsKw];
  return loads.every((load) =>
    margins(steadyState(params, setpoints, load), constraints, uncertainty).every(
      (m) => m.sigma >= REQUIRED_MARGIN_SIGMA,
    ),
  );
}

export interface Proposal {
  recommended: Evaluation;
  baseline: Evaluation;
  savingPercent: number;
  risk: 'low' | 'medium';
}

function* grid(
  valveFrom: number,
  valveTo: number,
  valveStep: number,
  deltaFrom: number,
  deltaTo: number,
  deltaStep: number,
): Generator<Setpoints> {
  const valveMax = VALVE_SETPOINT_RAW_MAX;
  const deltaMax = DELTA_T_SETPOINT_RAW_MAX / 10;
  for (let v = Math.max(0, valveFrom); v <= Math.min(valveMax, valveTo); v += valveStep) {
    for (
      let d = Math.max(0.1, deltaFrom);
      d <= Math.min(deltaMax, deltaTo) + 1e-9;
      d += deltaStep
    ) {
      yield { valveSetpoint: Math.round(v), deltaTSetpointK: Math.round(d * 10) / 10 };
    }
  }
}

/** Prefers less energy, then setpoints closer to the current ones (a smaller change). */
function better(a: Evaluation, b: Evaluation | null, current: Setpoints): boolean {
  if (!a.feasible) return false;
  if (!b) return true;
  if (a.coolingPowerKw < b.coolingPowerKw - 1e-9) return true;
  if (a.coolingPowerKw > b.coolingPowerKw + 1e-9) return false;
  const change = (e: Evaluation) =>
    Math.abs(e.setpoints.valveSetpoint - current.valveSetpoint) / 100 +
    Math.abs(e.setpoints.deltaTSetpointK - current.deltaTSetpointK);
  return change(a) < change(b);
}

/**
 * The setpoints that need the least cooling energy over the recent load while every constraint
 * keeps REQUIRED_MARGIN_SIGMA of the twin's error at every load of the window and at the
 * highest plus headroom: a coarse search of the whole SPEC §5 range (2 % of valve, 1 K), then a fine one
 * (0.1 %, 0.1 K) around the best. A bounded number of steady states (about 3,700 per load).
 * Null when nothing feasible saves at least MIN_SAVING_PERCENT; when the current setpoints
 * break a constraint, the cheapest feasible ones are proposed whatever they cost.
 */
export function recommend(inputs: TwinInputs, current: Setpoints): Proposal | null {
  if (inputs.loadsKw.length === 0) return null;
  const baseline = evaluate(inputs, current);
  let best = null as Evaluation | null;
  const consider = (setpoints: Setpoints) => {
    if (!feasible(inputs, setpoints)) return;
    const candidate = evaluate(inputs, setpoints);
    if (better(candidate, best, current)) best = candidate;
  };
  for (const setpoints of grid(0, VALVE_SETPOINT_RAW_MAX, 200, 1, 55, 1)) consider(setpoints);
  if (!best) return null;
  const { valveSetpoint, deltaTSetpointK } = best.setpoints;
  for (const setpoints of grid(
    valveSetpoint - 200,
    valveSetpoint + 200,
    10,
    deltaTSetpointK - 1,
    deltaTSetpointK + 1,
    0.1,
  ))
    consider(setpoints);
  const savingPercent =
    baseline.coolingPowerKw > 0
      ? (100 * (baseline.coolingPowerKw - best.coolingPowerKw)) / baseline.coolingPowerKw
      : 0;
  if (baseline.feasible && savingPercent < MIN_SAVING_PERCENT) return null;
  return {
    recommended: best,
    baseline,
    savingPercent,
    risk: best.nearest.sigma >= LOW_RISK_SIGMA ? 'low' : 'medium',
  };
}
