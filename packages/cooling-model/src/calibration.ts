import { levenbergMarquardt } from 'ml-levenberg-marquardt';
import {
  COOLANT_CP_KJ_PER_KG_K,
  WATER_CP_KJ_PER_KG_K,
  WATER_DENSITY_KG_PER_M3,
  type PcduParameters,
} from './pcdu-model.js';

/** One moment of a unit's stored history (its sensors, in engineering units). */
export interface CalibrationSample {
  timestampMs: number;
  waterInletC: number;
  waterOutletC: number;
  waterFlowLpm: number;
  valvePercent: number;
  coolantSupplyC: number;
  coolantReturnC: number;
  coolantFlowKgPerS: number;
}

export interface Calibration {
  /** The model's parameters fitted to the unit (the others kept from the base). */
  parameters: PcduParameters;
  /** Coolant pump flow as measured now (a degraded pump shows here). */
  coolantFlowKgPerS: number;
  /** Root-mean-square error of the fitted model on the samples it was fitted to. */
  error: { waterFlowLpm: number; waterOutletK: number; coolantSupplyK: number };
  samples: number;
  iterations: number;
}

/** Fewer samples than this and the fit is not trusted (about an hour at one per minute). */
export const MIN_CALIBRATION_SAMPLES = 30;
/** Consecutive samples further apart than this are not used to fit the loop's dynamics. */
const MAX_DYNAMIC_GAP_S = 900;

const waterCapacity = (lpm: number) =>
  (lpm / 60_000) * WATER_DENSITY_KG_PER_M3 * WATER_CP_KJ_PER_KG_K;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const rms = (values: number[]) =>
  values.length === 0 ? 0 : Math.sqrt(values.reduce((sum, v) => sum + v * v, 0) / values.length);

/**
 * Fits the twin to a unit's history by non-linear least squares (Levenberg–Marquardt): the
 * exchanger's effectiveness ε, the water flow at a fully open valve and the technology loop's
 * heat capacity C, so that three things the sensors measure are explained at once:
 * - water flow = maxFlow · valve / 100 (the valve's linear characteristic);
 * - water outlet = T_in + ε·Cmin·(T_return − T_in) / C_water (ε-NTU);
 * - the coolant supply a sample later, from the loop's energy balance over the gap
 *   (C·dT/dt = Q − ε·Cmin·(T_supply + Q/C_coolant − T_in), solved exactly for a constant load).
 * The coolant pump's mass flow is measured directly (ref_m), so it is taken as is (the median).
 * Parameters are fitted as multiples of the base so that one finite-difference step suits all.
 */
export function calibrate(
  history: readonly CalibrationSample[],
  base: PcduParameters,
): Calibration | null {
  const samples = history
    .filter((s) => Object.values(s).every((v) => Number.isFinite(v)))
    .filter((s) => s.coolantFlowKgPerS > 0)
    .sort((a, b) => a.timestampMs - b.timestampMs);
  if (samples.length < MIN_CALIBRATION_SAMPLES) return null;
  const coolantFlowKgPerS = median(samples.map((s) => s.coolantFlowKgPerS));
  const coolantCapacity = coolantFlowKgPerS * COOLANT_CP_KJ_PER_KG_K;
  const heatKw = (s: CalibrationSample) =>
    coolantCapacity * Math.max(0, s.coolantReturnC - s.coolantSupplyC);

  const pairs: [CalibrationSample, CalibrationSample][] = [];
  for (let i = 1; i < samples.length; i++) {
    const gapS = (samples[i]!.timestampMs - samples[i - 1]!.timestampMs) / 1000;
    if (gapS > 0 && gapS <= MAX_DYNAMIC_GAP_S) pairs.push([samples[i - 1]!, samples[i]!]);
  }

  const n = samples.length;
  const rows = 2 * n + pairs.length;
  const observed = new Float64Array(rows);
  samples.forEach((s, i) => {
    observed[i] = s.waterFlowLpm;
    observed[n + i] = s.waterOutletC;
  });
  pairs.forEach(([, next], i) => (observed[2 * n + i] = next.coolantSupplyC));

  const scale = [base.effectiveness, base.maxWaterFlowLpm, base.loopHeatCapacityKjPerK];
  const physical = (p: number[]) => p.map((value, i) => value * scale[i]!);

  const predict = (p: number[]): Float64Array<ArrayBuffer> => {
    const [effectiveness, maxFlowLpm, loopCapacity] = physical(p) as [number, number, number];
    const out = new Float64Array(rows);
    samples.forEach((s, i) => {
      const flowLpm = (maxFlowLpm * s.valvePercent) / 100;
      out[i] = flowLpm;
      const cw = waterCapacity(flowLpm);
      out[n + i] =
        cw > 0
          ? s.waterInletC +
            (effectiveness * Math.min(cw, coolantCapacity) * (s.coolantReturnC - s.waterInletC)) /
              cw
          : s.waterInletC;
    });
    pairs.forEach(([from, to], i) => {
      const gapS = (to.timestampMs - from.timestampMs) / 1000;
      const q = heatKw(from);
      const conductance =
        effectiveness *
        Math.min(waterCapacity((maxFlowLpm * from.valvePercent) / 100), coolantCapacity);
      if (conductance <= 0) {
        out[2 * n + i] = from.coolantSupplyC + (q * gapS) / loopCapacity;
        return;
      }
      const settled = from.waterInletC + q / conductance - q / coolantCapacity;
      out[2 * n + i] =
        settled + (from.coolantSupplyC - settled) * Math.exp((-conductance * gapS) / loopCapacity);
    });
    return out;
  };

  let cacheKey = '';
  let cache = new Float64Array(rows);
  const fit = levenbergMarquardt(
    { x: Array.from({ length: rows }, (_, i) => i), y: observed },
    (p) => {
      const key = p.join(',');
      if (key !== cacheKey) {
        cache = predict(p);
        cacheKey = key;
      }
      const predicted = cache;
      return (x) => predicted[x]!;
    },
    {
      initialValues: [1, 1, 1],
      minValues: [0.05 / scale[0]!, 1 / scale[1]!, 1 / scale[2]!],
      maxValues: [1 / scale[0]!, 20, 50],
      gradientDifference: 1e-4,
      centralDifference: true,
      damping: 1e-2,
      maxIterations: 100,
      errorTolerance: 1e-9,
    },
  );
  const [effectiveness, maxWaterFlowLpm, loopHeatCapacityKjPerK] = physical(
    fit.parameterValues,
  ) as [number, number, number];
  const predicted = predict(fit.parameterValues);
  const residuals = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, i) => observed[from + i]! - predicted[from + i]!);
  return {
    parameters: {
      ...base,
      effectiveness,
      maxWaterFlowLpm,
      loopHeatCapacityKjPerK,
      nominalCoolantFlowKgPerS: coolantFlowKgPerS,
      waterInletC: samples[samples.length - 1]!.waterInletC,
    },
    coolantFlowKgPerS,
    error: {
      waterFlowLpm: rms(residuals(0, n)),
      waterOutletK: rms(residuals(n, 2 * n)),
      coolantSupplyK: rms(residuals(2 * n, rows)),
    },
    samples: n,
    iterations: fit.iterations,
  };
}
