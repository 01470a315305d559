import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calibrate, type CalibrationSample } from './calibration.js';
import { DEFAULT_PLANT_PARAMETERS, coolingPowerKw } from './energy.js';
import {
  DEFAULT_CONSTRAINTS,
  REQUIRED_MARGIN_SIGMA,
  evaluate,
  margins,
  recommend,
  type TwinInputs,
} from './optimiser.js';
import {
  DEFAULT_PCDU_PARAMETERS,
  initialPcduState,
  pcduReadings,
  stepPcdu,
  varyingHeatLoadKw,
  type PcduParameters,
} from './pcdu-model.js';
import { measuredHeatLoadKw, realisedSaving } from './realised.js';
import { steadyState } from './steady-state.js';

const FACTORY = { valveSetpoint: 3000, deltaTSetpointK: 15 };

/** A unit's history as its sensors would have stored it: one sample a minute. */
function history(
  params: PcduParameters,
  baseKw: number,
  minutes: number,
  setpoints = FACTORY,
): CalibrationSample[] {
  let state = {
    ...initialPcduState(params),
    valveSetpointRaw: setpoints.valveSetpoint,
    deltaTSetpointRaw: Math.round(setpoints.deltaTSetpointK * 10),
  };
  const samples: CalibrationSample[] = [];
  for (let s = 0; s < minutes * 60; s++) {
    const load = varyingHeatLoadKw(baseKw, s);
    state = stepPcdu(state, params, load, 1);
    if (s % 60 === 59) {
      const r = pcduReadings(state, params, load);
      samples.push({
        timestampMs: s * 1000,
        waterInletC: r.water_inlet_temperature,
        waterOutletC: r.water_outlet_temperature,
        waterFlowLpm: r.wflow,
        valvePercent: r.valveNow,
        coolantSupplyC: r.refrigerant_supply_temperature,
        coolantReturnC: r.refrigerant_return_temperature,
        coolantFlowKgPerS: r.ref_m / 60,
      });
    }
  }
  return samples;
}

describe('steady state', () => {
  it('is where the Euler steps settle', () => {
    const setpoints = { valveSetpoint: 1500, deltaTSetpointK: 12 };
    let state = {
      ...initialPcduState(),
      valveSetpointRaw: setpoints.valveSetpoint,
      deltaTSetpointRaw: 120,
    };
    for (let s = 0; s < 4 * 3600; s++) state = stepPcdu(state, DEFAULT_PCDU_PARAMETERS, 20, 1);
    const r = pcduReadings(state, DEFAULT_PCDU_PARAMETERS, 20);
    const point = steadyState(DEFAULT_PCDU_PARAMETERS, setpoints, 20);
    expect(point.coolantSupplyC).toBeCloseTo(r.refrigerant_supply_temperature, 2);
    expect(point.waterFlowLpm).toBeCloseTo(r.wflow, 2);
    expect(point.waterOutletC).toBeCloseTo(r.water_outlet_temperature, 2);
  });
});

describe('cooling power', () => {
  it('falls with less flow at the same heat, while the return is warmer than free cooling', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 2, max: 60, noNaN: true }),
        fc.double({ min: 0.3, max: 0.95, noNaN: true }),
        (loadKw, share) => {
          const more = steadyState(
            DEFAULT_PCDU_PARAMETERS,
            { valveSetpoint: 10000, deltaTSetpointK: 1 },
            loadKw,
          );
          const less = { ...more, waterFlowLpm: more.waterFlowLpm * share };
          less.waterOutletC = more.waterInletC + (more.waterOutletC - more.waterInletC) / share;
          expect(coolingPowerKw(less).totalKw).toBeLessThan(coolingPowerKw(more).totalKw);
        },
      ),
    );
  });
});

describe('calibration', () => {
  it('recovers a unit’s parameters from its history, with a small fit error', () => {
    const truth = {
      ...DEFAULT_PCDU_PARAMETERS,
      effectiveness: 0.68,
      maxWaterFlowLpm: 92,
      loopHeatCapacityKjPerK: 600,
    };
    const fit = calibrate(history(truth, 20, 180), DEFAULT_PCDU_PARAMETERS)!;
    expect(fit.parameters.effectiveness).toBeCloseTo(0.68, 2);
    expect(fit.parameters.maxWaterFlowLpm).toBeCloseTo(92, 0);
    expect(Math.abs(fit.parameters.loopHeatCapacityKjPerK - 600) / 600).toBeLessThan(0.1);
    expect(fit.error.waterOutletK).toBeLessThan(0.05);
    expect(fit.error.coolantSupplyK).toBeLessThan(0.1);
  });

  it('needs enough history', () => {
    expect(calibrate(history(DEFAULT_PCDU_PARAMETERS, 10, 10), DEFAULT_PCDU_PARAMETERS)).toBeNull();
  });
});

const inputsArbitrary = fc.record({
  baseKw: fc.double({ min: 2, max: 60, noNaN: true }),
  swing: fc.double({ min: 0, max: 0.3, noNaN: true }),
  waterInletC: fc.double({ min: 10, max: 27, noNaN: true }),
  effectiveness: fc.double({ min: 0.4, max: 0.95, noNaN: true }),
  maxWaterFlowLpm: fc.double({ min: 40, max: 200, noNaN: true }),
  temperatureK: fc.double({ min: 0, max: 1, noNaN: true }),
});

function twinInputs(v: {
  baseKw: number;
  swing: number;
  waterInletC: number;
  effectiveness: number;
  maxWaterFlowLpm: number;
  temperatureK: number;
}): TwinInputs {
  return {
    params: {
      ...DEFAULT_PCDU_PARAMETERS,
      waterInletC: v.waterInletC,
      effectiveness: v.effectiveness,
      maxWaterFlowLpm: v.maxWaterFlowLpm,
    },
    plant: DEFAULT_PLANT_PARAMETERS,
    constraints: DEFAULT_CONSTRAINTS,
    uncertainty: { temperatureK: v.temperatureK, flowLpm: 0 },
    loadsKw: Array.from({ length: 12 }, (_, i) => v.baseKw * (1 + v.swing * Math.sin(i))),
  };
}

describe('recommend', () => {
  it('never proposes setpoints that break a constraint on the twin, at any load of the window', () => {
    fc.assert(
      fc.property(inputsArbitrary, (v) => {
        const inputs = twinInputs(v);
        const proposal = recommend(inputs, FACTORY);
        if (!proposal) return;
        const { valveSetpoint, deltaTSetpointK } = proposal.recommended.setpoints;
        expect(valveSetpoint).toBeGreaterThanOrEqual(0);
        expect(valveSetpoint).toBeLessThanOrEqual(10000);
        expect(Number.isInteger(valveSetpoint)).toBe(true);
        expect(deltaTSetpointK).toBeGreaterThanOrEqual(0);
        expect(deltaTSetpointK).toBeLessThanOrEqual(55);
        expect(Math.round(deltaTSetpointK * 10) / 10).toBe(deltaTSetpointK);
        for (const load of inputs.loadsKw) {
          const point = steadyState(inputs.params, proposal.recommended.setpoints, load);
          for (const m of margins(point, inputs.constraints, inputs.uncertainty)) {
            expect(m.sigma).toBeGreaterThanOrEqual(REQUIRED_MARGIN_SIGMA);
          }
        }
      }),
      { numRuns: 30 },
    );
  }, 60_000);

  it('saves energy whenever the factory setpoints are safe and a proposal is made', () => {
    fc.assert(
      fc.property(inputsArbitrary, (v) => {
        const inputs = twinInputs(v);
        const proposal = recommend(inputs, FACTORY);
        if (!proposal || !evaluate(inputs, FACTORY).feasible) return;
        expect(proposal.savingPercent).toBeGreaterThanOrEqual(1);
        expect(proposal.recommended.coolingPowerKw).toBeLessThan(proposal.baseline.coolingPowerKw);
      }),
      { numRuns: 30 },
    );
  }, 60_000);

  it('holds the limits on the dynamic simulator too, from the factory state', () => {
    const params = DEFAULT_PCDU_PARAMETERS;
    const loadsKw = Array.from({ length: 12 }, (_, i) => varyingHeatLoadKw(8, i * 300));
    const inputs: TwinInputs = {
      params,
      plant: DEFAULT_PLANT_PARAMETERS,
      constraints: DEFAULT_CONSTRAINTS,
      uncertainty: { temperatureK: 0.3, flowLpm: 0.5 },
      loadsKw,
    };
    const proposal = recommend(inputs, FACTORY)!;
    expect(proposal.savingPercent).toBeGreaterThan(10);
    let state = initialPcduState(params);
    for (let s = 0; s < 3600; s++) state = stepPcdu(state, params, varyingHeatLoadKw(8, s), 1);
    state = {
      ...state,
      valveSetpointRaw: proposal.recommended.setpoints.valveSetpoint,
      deltaTSetpointRaw: Math.round(proposal.recommended.setpoints.deltaTSetpointK * 10),
    };
    for (let s = 3600; s < 3 * 3600; s++) {
      const load = varyingHeatLoadKw(8, s);
      state = stepPcdu(state, params, load, 1);
      const r = pcduReadings(state, params, load);
      expect(r.refrigerant_supply_temperature).toBeLessThanOrEqual(30);
      expect(r.wflow).toBeGreaterThanOrEqual(6);
      expect(r.water_outlet_temperature).toBeLessThanOrEqual(45);
    }
  });
});

describe('realised saving', () => {
  it('is zero when the unit ran the baseline the twin was fitted to, and positive after a saving change', () => {
    const params = DEFAULT_PCDU_PARAMETERS;
    const unchanged = history(params, 8, 90).slice(30);
    const same = realisedSaving(unchanged, params, FACTORY, DEFAULT_PLANT_PARAMETERS)!;
    expect(Math.abs(same.savingPercent)).toBeLessThan(1);

    const loadsKw = unchanged.map(measuredHeatLoadKw);
    const inputs: TwinInputs = {
      params,
      plant: DEFAULT_PLANT_PARAMETERS,
      constraints: DEFAULT_CONSTRAINTS,
      uncertainty: { temperatureK: 0.3, flowLpm: 0.5 },
      loadsKw,
    };
    const proposal = recommend(inputs, FACTORY)!;
    const changed = history(params, 8, 90, proposal.recommended.setpoints).slice(30);
    const realised = realisedSaving(changed, params, FACTORY, DEFAULT_PLANT_PARAMETERS)!;
    expect(Math.abs(realised.savingPercent - proposal.savingPercent)).toBeLessThan(
      0.25 * proposal.savingPercent,
    );
  });
});
