/**
 * The physics of a liquid cooling loop, as pure functions (issue 14). Units are in the names:
 * kW, kg/s, L/min, GPM (US gallons), °C, K, %. Water at loop temperatures: cp 4.18 kJ/(kg·K),
 * 997 kg/m³ (the figures the pCDU simulator and the Deschutes CDU reference use).
 */

export const WATER_CP_KJ_PER_KG_K = 4.18;
export const WATER_DENSITY_KG_PER_M3 = 997;
export const LITRES_PER_US_GALLON = 3.785411784;

/** A disagreement beyond this share between computed and reported heat is suspect. */
export const DISAGREEMENT_THRESHOLD_PERCENT = 10;
/** ...and flagged once it lasts this long: shorter excursions are transients (a valve moving). */
export const SUSTAINED_DISAGREEMENT_MS = 60_000;
/**
 * Below this heat on both sides a ratio says nothing (an idle unit reads 0.05 against 0.02 kW):
 * the disagreement is left out.
 */
export const MIN_COMPARABLE_KW = 0.5;
/** Under this opening the flow per percent of valve is too noisy to extrapolate to full flow. */
export const MIN_VALVE_FOR_CAPACITY_PERCENT = 10;

export const gpmToLpm = (gpm: number): number => gpm * LITRES_PER_US_GALLON;
export const lpmToGpm = (lpm: number): number => lpm / LITRES_PER_US_GALLON;
export const lpmToKgPerS = (lpm: number): number => (lpm / 60_000) * WATER_DENSITY_KG_PER_M3;
export const kgPerSToLpm = (kgPerS: number): number => (kgPerS / WATER_DENSITY_KG_PER_M3) * 60_000;
export const wattsToKw = (watts: number): number => watts / 1000;

/** Q = ṁ · cp · ΔT: the heat a water flow carries away between its inlet and outlet. */
export function heatRemovedKw(
  massFlowKgPerS: number,
  deltaTK: number,
  cpKjPerKgK: number = WATER_CP_KJ_PER_KG_K,
): number {
  return massFlowKgPerS * cpKjPerKgK * deltaTK;
}

/** The water side's heat from what a pCDU's sensors read: flow (L/min), inlet and outlet (°C). */
export function waterSideHeatKw(flowLpm: number, inletC: number, outletC: number): number {
  return heatRemovedKw(lpmToKgPerS(flowLpm), outletC - inletC);
}

/**
 * How far the unit's reported cooling power is from the heat its own flow and temperatures
 * measure, in percent of the measured heat (positive: the unit claims more). Null when both are
 * too small to compare.
 */
export function disagreementPercent(computedKw: number, reportedKw: number): number | null {
  if (Math.max(Math.abs(computedKw), Math.abs(reportedKw)) < MIN_COMPARABLE_KW) return null;
  if (computedKw <= 0) return reportedKw > 0 ? 100 : null;
  return (100 * (reportedKw - computedKw)) / computedKw;
}

/**
 * Approach temperature of a CDU: its technology-loop supply above the facility water supply.
 * The smaller, the better the exchanger works; a growing approach at the same load is fouling.
 */
export function approachK(coolantSupplyC: number, waterInletC: number): number {
  return coolantSupplyC - waterInletC;
}

/**
 * The water flow with the valve fully open, from one operating point of a linear valve; null
 * below MIN_VALVE_FOR_CAPACITY_PERCENT.
 */
export function fullOpenFlowLpm(flowLpm: number, valvePercent: number): number | null {
  if (!(valvePercent >= MIN_VALVE_FOR_CAPACITY_PERCENT) || flowLpm < 0) return null;
  return (flowLpm * 100) / Math.min(100, valvePercent);
}

/** What the unit can remove: its full water flow at the ΔT it is set to hold. */
export function coolingCapacityKw(fullFlowLpm: number, deltaTSetpointK: number): number {
  return waterSideHeatKw(fullFlowLpm, 0, Math.max(0, deltaTSetpointK));
}

/** The valve opening the flow demand needs (linear valve), in percent; may exceed 100. */
export function demandValvePercent(demandFlowLpm: number, fullFlowLpm: number): number | null {
  return fullFlowLpm > 0 ? (100 * demandFlowLpm) / fullFlowLpm : null;
}

/**
 * Partial PUE of a cooling loop: (heat it serves + the electrical power it draws) / heat it
 * serves. 1.0 is a loop that costs nothing; null without heat.
 */
export function coolingOverheadRatio(servedKw: number, coolingElectricalKw: number): number | null {
  if (!(servedKw > 0)) return null;
  return (servedKw + Math.max(0, coolingElectricalKw)) / servedKw;
}

/** PUE: the facility's total input power over the IT power; null without IT power. */
export function powerUsageEffectiveness(facilityKw: number, itKw: number): number | null {
  if (!(itKw > 0) || !(facilityKw > 0)) return null;
  return facilityKw / itKw;
}

export interface Utilisation {
  utilisationPercent: number | null;
  headroomKw: number | null;
}

/** How much of a capacity a peak uses, and what is left (negative: over capacity). */
export function utilisation(peakKw: number, capacityKw: number | null): Utilisation {
  if (capacityKw === null || !(capacityKw > 0))
    return { utilisationPercent: null, headroomKw: null };
  return { utilisationPercent: (100 * peakKw) / capacityKw, headroomKw: capacityKw - peakKw };
}

export interface DisagreementPoint {
  /** The step's start (epoch ms); the step lasts `stepMs`. */
  t: number;
  disagreementPercent: number | null;
}

export interface Episode {
  fromMs: number;
  toMs: number;
  /** The largest disagreement (by magnitude, with its sign) within the episode. */
  worstPercent: number;
}

/**
 * Runs of consecutive steps whose disagreement is beyond the threshold (either sign) and that
 * last at least `minDurationMs`. A step without a comparable value, or a gap in the steps, ends
 * a run: a disagreement is flagged only while it is measured.
 */
export function sustainedDisagreements(
  points: readonly DisagreementPoint[],
  stepMs: number,
  thresholdPercent: number = DISAGREEMENT_THRESHOLD_PERCENT,
  minDurationMs: number = SUSTAINED_DISAGREEMENT_MS,
): Episode[] {
  const episodes: Episode[] = [];
  let run: Episode | null = null;
  const close = () => {
    if (run && run.toMs - run.fromMs >= minDurationMs) episodes.push(run);
    run = null;
  };
  for (const point of points) {
    const value = point.disagreementPercent;
    const beyond = value !== null && Math.abs(value) > thresholdPercent;
    if (!beyond || (run && point.t !== run.toMs)) close();
    if (!beyond) continue;
    if (run) {
      const current: Episode = run;
      current.toMs = point.t + stepMs;
      if (Math.abs(value) > Math.abs(current.worstPercent)) current.worstPercent = value;
    } else {
      run = { fromMs: point.t, toMs: point.t + stepMs, worstPercent: value };
    }
  }
  close();
  return episodes;
}

export interface EnergyFlowInput {
  /** IT power of the scope (PDU outlets, else the servers' own meters). */
  itKw: number;
  /** Heat the scope's pCDUs move into the facility water (computed on the water side). */
  liquidHeatKw: number;
  /** The pCDUs' own electrical draw (pump, controls): it ends as heat in the loop too. */
  coolingElectricalKw: number;
}

export type EnergyFlowNode =
  'itPower' | 'unmeteredHeat' | 'coolingElectrical' | 'liquidLoop' | 'roomAir' | 'facilityWater';

export interface EnergyFlowLink {
  source: EnergyFlowNode;
  target: EnergyFlowNode;
  kw: number;
}

/**
 * The heat balance of a room as flows (a Sankey's links): the IT power becomes heat; what the
 * pCDUs' water side carries is the liquid share, the rest is lost to the room's air. The pCDUs'
 * own draw joins the liquid loop. When the water carries more than the metered IT power, the
 * difference comes from load no meter in scope sees (servers without a PDU or power meter), and
 * is shown as such rather than hidden. Links of 0 kW are left out.
 */
export function energyFlowLinks(input: EnergyFlowInput): EnergyFlowLink[] {
  const it = Math.max(0, input.itKw);
  const electrical = Math.max(0, input.coolingElectricalKw);
  // The loop's water carries the servers' heat plus the pump's; only the rest came from IT.
  const liquidFromServers = Math.max(0, input.liquidHeatKw - electrical);
  const itToLiquid = Math.min(it, liquidFromServers);
  const links: EnergyFlowLink[] = [
    { source: 'itPower', target: 'liquidLoop', kw: itToLiquid },
    { source: 'unmeteredHeat', target: 'liquidLoop', kw: liquidFromServers - itToLiquid },
    { source: 'coolingElectrical', target: 'liquidLoop', kw: electrical },
    { source: 'itPower', target: 'roomAir', kw: it - itToLiquid },
    { source: 'liquidLoop', target: 'facilityWater', kw: liquidFromServers + electrical },
  ];
  return links.filter((link) => link.kw > 0);
}
