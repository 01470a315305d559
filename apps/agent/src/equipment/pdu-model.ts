/**
 * The PDU simulator's model, pure: outlets share a load, spread over the phases round-robin
 * (outlet 1 on L1, 2 on L2, …); current is P / (V · PF); energy integrates the total power.
 * Readings use the profiles' generic names (outlet_3_power in W, phase_1_current in A, …).
 */

export interface PduParameters {
  outlets: number;
  phases: number;
  voltageV: number;
  powerFactor: number;
}
export const DEFAULT_PDU_PARAMETERS: PduParameters = {
  outlets: 8,
  phases: 3,
  voltageV: 230,
  powerFactor: 0.95,
};

export interface PduState {
  energyKwh: number;
  /** Outlets switched off (1-based numbers). */
  off: ReadonlySet<number>;
}

/** Each outlet's share of the load: uneven, as real servers are, and fixed. */
export function outletWeights(outlets: number): number[] {
  const raw = Array.from({ length: outlets }, (_, i) => 1 + 0.5 * Math.sin(i * 1.7));
  const sum = raw.reduce((a, b) => a + b, 0);
  return raw.map((w) => w / sum);
}

export function outletPowersW(state: PduState, params: PduParameters, loadW: number): number[] {
  return outletWeights(params.outlets).map((weight, i) =>
    state.off.has(i + 1) ? 0 : weight * loadW,
  );
}

export function pduReadings(
  state: PduState,
  params: PduParameters,
  loadW: number,
): Record<string, number | string> {
  const powers = outletPowersW(state, params, loadW);
  const current = (watts: number) => watts / (params.voltageV * params.powerFactor);
  const readings: Record<string, number | string> = {};
  const phaseCurrents = new Array<number>(params.phases).fill(0);
  powers.forEach((watts, i) => {
    readings[`outlet_${i + 1}_power`] = watts;
    readings[`outlet_${i + 1}_current`] = current(watts);
    readings[`outlet_${i + 1}_state`] = state.off.has(i + 1) ? 'OFF' : 'ON';
    phaseCurrents[i % params.phases]! += current(watts);
  });
  phaseCurrents.forEach((amps, p) => {
    readings[`phase_${p + 1}_current`] = amps;
    readings[`phase_${p + 1}_voltage`] = params.voltageV;
  });
  readings.power = powers.reduce((a, b) => a + b, 0);
  readings.energy = state.energyKwh;
  return readings;
}

export function stepPdu(
  state: PduState,
  params: PduParameters,
  loadW: number,
  dtS: number,
): PduState {
  const totalW = outletPowersW(state, params, loadW).reduce((a, b) => a + b, 0);
  return { ...state, energyKwh: state.energyKwh + (totalW / 1000) * (dtS / 3600) };
}
