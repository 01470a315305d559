import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PCDU_PARAMETERS as params,
  DRIFT_MAX_K,
  ERROR_STATES,
  WATER_CP_KJ_PER_KG_K,
  WATER_DENSITY_KG_PER_M3,
  applyFault,
  flowSetpointLpm,
  initialPcduState,
  pcduReadings,
  stepPcdu,
  type PcduState,
} from './pcdu-model.js';

function settle(state: PcduState, loadKw: number, seconds: number, dtS = 1): PcduState {
  let next = state;
  for (let t = 0; t < seconds; t += dtS) next = stepPcdu(next, params, loadKw, dtS);
  return next;
}

const massFlow = (lpm: number) => (lpm / 60_000) * WATER_DENSITY_KG_PER_M3;

describe('the pCDU model', () => {
  it('balances energy: cooling power is ṁ·cp·ΔT on the water side', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 60, noNaN: true }),
        fc.integer({ min: 0, max: 100 }),
        (loadKw, valve) => {
          const state = { ...initialPcduState(), valvePercent: valve };
          const r = pcduReadings(state, params, loadKw);
          const waterSideKw =
            massFlow(r.wflow) *
            WATER_CP_KJ_PER_KG_K *
            (r.water_outlet_temperature - r.water_inlet_temperature);
          expect(r.cooling_power).toBeCloseTo(waterSideKw, 6);
          expect(r.cooling_power).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('settles where the exchanger removes the whole load at the ΔT setpoint', () => {
    const state = settle(initialPcduState(), 30, 4 * 3600);
    const r = pcduReadings(state, params, 30);
    expect(r.cooling_power).toBeCloseTo(30, 1);
    expect(r.dT).toBeCloseTo(15, 1);
    expect(r.wflow).toBeCloseTo(flowSetpointLpm(30, 15), 0);
    expect(r.refrigerant_return_temperature).toBeGreaterThan(r.refrigerant_supply_temperature);
  });

  it('integrates energy: 30 kW for an hour is 30 kWh', () => {
    const warm = settle(initialPcduState(), 30, 4 * 3600);
    const later = settle(warm, 30, 3600);
    expect(later.energyKwh - warm.energyKwh).toBeCloseTo(30, 0);
  });

  it('opens the valve when the ΔT setpoint drops, never below the valve setpoint', () => {
    const warm = settle(initialPcduState(), 20, 4 * 3600);
    const tighter = settle({ ...warm, deltaTSetpointRaw: 50 }, 20, 3600);
    expect(tighter.valvePercent).toBeGreaterThan(warm.valvePercent);
    expect(pcduReadings(tighter, params, 20).dT).toBeCloseTo(5, 0);
    const idle = settle({ ...warm, valveSetpointRaw: 6000 }, 1, 3600);
    expect(idle.valvePercent).toBeCloseTo(60, 5);
  });

  it('moves the valve no faster than its actuator', () => {
    const state = {
      ...initialPcduState(),
      controlMode: 'MANUAL' as const,
      valveSetpointRaw: 10000,
    };
    expect(stepPcdu(state, params, 30, 2).valvePercent).toBeCloseTo(30 + 2 * 5, 6);
  });

  it('shows faults: leak, PSUs, a degraded pump and a drifting sensor', () => {
    let state = initialPcduState();
    state = { ...state, faults: applyFault(state.faults, 'leak') };
    expect(pcduReadings(state, params, 30)).toMatchObject({
      waterleak: true,
      ErrorState: ERROR_STATES.WATER_LEAK,
    });
    state = { ...state, faults: applyFault(applyFault(state.faults, 'clear'), 'psu1') };
    expect(pcduReadings(state, params, 30)).toMatchObject({ psu1: 1, psu2: 0, waterleak: false });
    const healthy = settle(initialPcduState(), 30, 3600);
    const degraded = settle({ ...healthy, faults: applyFault(healthy.faults, 'pump') }, 30, 600);
    const before = pcduReadings(healthy, params, 30);
    const after = pcduReadings(degraded, params, 30);
    expect(after.ref_m).toBeLessThan(before.ref_m);
    expect(after.refrigerant_return_temperature).toBeGreaterThan(
      before.refrigerant_return_temperature,
    );
    const drifting = settle(
      { ...healthy, faults: applyFault(healthy.faults, 'sensor-drift') },
      30,
      3600,
    );
    expect(pcduReadings(drifting, params, 30).water_inlet_temperature).toBeCloseTo(
      params.waterInletC + DRIFT_MAX_K,
      6,
    );
  });
});
