import {
  DEFAULT_CONSTRAINTS,
  DEFAULT_PCDU_PARAMETERS,
  DEFAULT_PLANT_PARAMETERS,
  calibrate,
  coolingPowerKw,
  initialPcduState,
  measuredHeatLoadKw,
  pcduFlows,
  pcduReadings,
  recommend,
  steadyState,
  stepPcdu,
  type Calibration,
  type CalibrationSample,
  type PcduParameters,
  type PcduState,
  type Setpoints,
} from '@brezza/cooling-model';
import { demoServer, powerWatts } from '../src/modules/demo/telemetry-model.js';

/**
 * Issue 15's benchmark, on the twin: a day of the demo pCDU under the demo's IT load, once at
 * the factory setpoints (valve 3000, ΔT 15.0 K) and once under Brezza's recommendations applied
 * every 5 minutes (automatic mode). The "unit" is the simulator's model with parameters the
 * twin does not know (it calibrates on the unit's own samples, read with sensor noise, refitted
 * every hour on the last 6 hours); both runs integrate the dynamic model in 10 s steps.
 * Violations are counted on the model's true values.
 *
 * Prints cooling energy (facility pumping + dry cooler + chiller, see cooling-model/energy.ts)
 * for both, their ratio, constraint violations (minute samples above 30 °C coolant supply, under
 * 6 L/min, above 45 °C water return), and the day's predicted saving (the twin's, for the
 * setpoints in force against the factory ones, under the load it saw) against the realised
 * one. Goals: ≥ 10 % less cooling energy, 0 violations, predicted within 25 % of realised.
 */

/** The demo's Hall A (hierarchy/demo-data.ts), the room of the demo pCDU. */
const HALL_A = [
  ...['01', '02', '03', '04', '05', '06'].map((n) => `mil-web-${n}`),
  'mil-cache-01',
  'mil-cache-02',
  'mil-db-01',
  'mil-db-02',
  'mil-db-03',
  'mil-backup-01',
  ...['01', '02', '03', '04'].map((n) => `mil-gpu-${n}`),
];
/** The demo pCDU's heat per server of its room (demo/equipment.ts). */
const KW_PER_SERVER = 0.4;
const DAY_S = 86_400;
const STEP_S = 10;
const SAMPLE_S = 60;
const RECOMMEND_EVERY_S = 300;
const CALIBRATE_EVERY_S = 3_600;
const CALIBRATION_WINDOW_S = 6 * 3_600;
const LOAD_WINDOW_S = 3_600;
const FACTORY: Setpoints = { valveSetpoint: 3000, deltaTSetpointK: 15 };

/** The unit: the simulator's physics with parameters of its own. */
const UNIT: PcduParameters = {
  ...DEFAULT_PCDU_PARAMETERS,
  effectiveness: 0.71,
  maxWaterFlowLpm: 86,
  loopHeatCapacityKjPerK: 690,
};

/**
 * The demo's IT load shape (its servers' power, diurnal with noise), at the demo pCDU's level:
 * the room's summed power, scaled so that its daily mean is the pCDU's demo load.
 */
function loadProfile(startMs: number): (s: number) => number {
  const servers = HALL_A.map(demoServer);
  const roomW = (s: number) =>
    servers.reduce((sum, server) => sum + powerWatts(server, startMs + s * 1000), 0);
  let mean = 0;
  for (let s = 0; s < DAY_S; s += SAMPLE_S) mean += roomW(s);
  mean /= DAY_S / SAMPLE_S;
  const scale = (HALL_A.length * KW_PER_SERVER) / mean;
  return (s) => roomW(s) * scale;
}

const withSetpoints = (state: PcduState, setpoints: Setpoints): PcduState => ({
  ...state,
  valveSetpointRaw: setpoints.valveSetpoint,
  deltaTSetpointRaw: Math.round(setpoints.deltaTSetpointK * 10),
});

/** Sensor noise, the same on every run: uniform ±0.1 K on temperatures, ±0.2 L/min on flow. */
let seed = 15;
const noise = (amplitude: number) => {
  seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
  return ((seed / 2 ** 32) * 2 - 1) * amplitude;
};

function sampleOf(state: PcduState, loadKw: number, timestampMs: number): CalibrationSample {
  const r = pcduReadings(state, UNIT, loadKw);
  return {
    timestampMs,
    waterInletC: r.water_inlet_temperature + noise(0.1),
    waterOutletC: r.water_outlet_temperature + noise(0.1),
    waterFlowLpm: r.wflow + noise(0.2),
    valvePercent: r.valveNow,
    coolantSupplyC: r.refrigerant_supply_temperature + noise(0.1),
    coolantReturnC: r.refrigerant_return_temperature + noise(0.1),
    coolantFlowKgPerS: r.ref_m / 60,
  };
}

interface DayResult {
  energyKwh: number;
  violations: number;
  predictedKwh: number;
  predictedFactoryKwh: number;
  proposals: number;
  changes: number;
  fit: Calibration | null;
}

/** One day; `recommending` runs Brezza's loop, else the factory setpoints stay. */
function runDay(loadAt: (s: number) => number, recommending: boolean): DayResult {
  // Six hours before the day at the factory setpoints: the history the twin first fits.
  let state = withSetpoints(initialPcduState(UNIT), FACTORY);
  for (let s = 0; s < 3 * 3_600; s += STEP_S) state = stepPcdu(state, UNIT, loadAt(0), STEP_S);
  const samples: CalibrationSample[] = [];
  for (let s = -CALIBRATION_WINDOW_S; s < 0; s += STEP_S) {
    const load = loadAt(s);
    state = stepPcdu(state, UNIT, load, STEP_S);
    if ((s + CALIBRATION_WINDOW_S) % SAMPLE_S === 0) samples.push(sampleOf(state, load, s * 1000));
  }

  let setpoints = FACTORY;
  let fit: Calibration | null = null;
  const result: DayResult = {
    energyKwh: 0,
    violations: 0,
    predictedKwh: 0,
    predictedFactoryKwh: 0,
    proposals: 0,
    changes: 0,
    fit: null,
  };
  for (let s = 0; s < DAY_S; s += STEP_S) {
    if (recommending && s % RECOMMEND_EVERY_S === 0) {
      const window = samples.filter((x) => x.timestampMs >= (s - LOAD_WINDOW_S) * 1000);
      if (s % CALIBRATE_EVERY_S === 0) {
        fit = calibrate(
          samples.filter((x) => x.timestampMs >= (s - CALIBRATION_WINDOW_S) * 1000),
          DEFAULT_PCDU_PARAMETERS,
        );
      }
      if (fit) {
        const twin = { ...fit.parameters, waterInletC: window[window.length - 1]!.waterInletC };
        const proposal = recommend(
          {
            params: twin,
            plant: DEFAULT_PLANT_PARAMETERS,
            constraints: DEFAULT_CONSTRAINTS,
            uncertainty: {
              temperatureK: Math.max(fit.error.coolantSupplyK, fit.error.waterOutletK),
              flowLpm: fit.error.waterFlowLpm,
            },
            loadsKw: window.map(measuredHeatLoadKw),
          },
          setpoints,
        );
        if (proposal) {
          result.proposals += 1;
          const next = proposal.recommended.setpoints;
          if (
            next.valveSetpoint !== setpoints.valveSetpoint ||
            next.deltaTSetpointK !== setpoints.deltaTSetpointK
          ) {
            result.changes += 1;
            setpoints = next;
            state = withSetpoints(state, setpoints);
          }
        }
      }
    }
    const load = loadAt(s);
    const flows = pcduFlows(state, UNIT, load);
    result.energyKwh +=
      (coolingPowerKw(
        {
          waterFlowLpm: flows.waterFlowLpm,
          waterInletC: UNIT.waterInletC,
          waterOutletC: flows.waterOutletC,
        },
        DEFAULT_PLANT_PARAMETERS,
      ).totalKw *
        STEP_S) /
      3_600;
    state = stepPcdu(state, UNIT, load, STEP_S);
    if (s % SAMPLE_S === 0) {
      const sample = sampleOf(state, load, s * 1000);
      samples.push(sample);
      const truth = pcduReadings(state, UNIT, load);
      if (
        truth.refrigerant_supply_temperature > DEFAULT_CONSTRAINTS.maxCoolantSupplyC ||
        truth.wflow < DEFAULT_CONSTRAINTS.minWaterFlowLpm ||
        truth.water_outlet_temperature > DEFAULT_CONSTRAINTS.maxWaterOutletC
      ) {
        result.violations += 1;
      }
      // The twin's prediction at the measured load, for the setpoints in force and the factory's.
      if (fit) {
        const twin = { ...fit.parameters, waterInletC: sample.waterInletC };
        const heat = measuredHeatLoadKw(sample);
        const hours = SAMPLE_S / 3_600;
        result.predictedKwh +=
          coolingPowerKw(steadyState(twin, setpoints, heat), DEFAULT_PLANT_PARAMETERS).totalKw *
          hours;
        result.predictedFactoryKwh +=
          coolingPowerKw(steadyState(twin, FACTORY, heat), DEFAULT_PLANT_PARAMETERS).totalKw *
          hours;
      }
    }
  }
  result.fit = fit;
  return result;
}

export async function run(): Promise<void> {
  // A weekday of the demo (the load model is deterministic in time).
  const loadAt = loadProfile(Date.UTC(2026, 10, 18));
  const factory = runDay(loadAt, false);
  const brezza = runDay(loadAt, true);
  const ratio = brezza.energyKwh / factory.energyKwh;
  const realised = 100 * (1 - ratio);
  const predicted = 100 * (1 - brezza.predictedKwh / brezza.predictedFactoryKwh);
  const fit = brezza.fit!;
  const pct = (v: number) => `${v.toFixed(1)} %`;
  console.log(
    `  twin fit (last): ε ${fit.parameters.effectiveness.toFixed(3)} (unit ${UNIT.effectiveness}), max flow ${fit.parameters.maxWaterFlowLpm.toFixed(1)} L/min (unit ${UNIT.maxWaterFlowLpm}), C ${fit.parameters.loopHeatCapacityKjPerK.toFixed(0)} kJ/K (unit ${UNIT.loopHeatCapacityKjPerK}); RMSE flow ${fit.error.waterFlowLpm.toFixed(3)} L/min, outlet ${fit.error.waterOutletK.toFixed(3)} K, supply ${fit.error.coolantSupplyK.toFixed(3)} K`,
  );
  console.log(
    `  cooling energy over 24 h: factory ${factory.energyKwh.toFixed(2)} kWh, Brezza ${brezza.energyKwh.toFixed(2)} kWh; ratio ${ratio.toFixed(3)} (saving ${pct(realised)}; goal ≥ 10 %)`,
  );
  console.log(
    `  constraint violations (minute samples): factory ${factory.violations}, Brezza ${brezza.violations} (goal 0); ${brezza.proposals} proposals, ${brezza.changes} setpoint changes`,
  );
  console.log(
    `  predicted saving ${pct(predicted)} vs realised ${pct(realised)}: ratio ${(predicted / realised).toFixed(3)} (goal 0.75–1.25)`,
  );
}
