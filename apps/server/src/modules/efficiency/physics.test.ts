import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  approachK,
  coolingCapacityKw,
  coolingOverheadRatio,
  demandValvePercent,
  disagreementPercent,
  energyFlowLinks,
  fullOpenFlowLpm,
  gpmToLpm,
  heatRemovedKw,
  kgPerSToLpm,
  lpmToGpm,
  lpmToKgPerS,
  powerUsageEffectiveness,
  sustainedDisagreements,
  utilisation,
  waterSideHeatKw,
  wattsToKw,
} from './physics.js';

const positive = (max: number) => fc.double({ min: 0.01, max, noNaN: true });

describe('the Deschutes CDU reference', () => {
  it('500 GPM is about 31.5 kg/s of water', () => {
    expect(gpmToLpm(500)).toBeCloseTo(1892.7, 1);
    expect(lpmToKgPerS(gpmToLpm(500))).toBeCloseTo(31.45, 2);
  });

  it('31.5 kg/s at ΔT 15.2 K removes 2 MW', () => {
    expect(heatRemovedKw(31.5, 15.2)).toBeCloseTo(2001.4, 1);
    expect(waterSideHeatKw(gpmToLpm(500), 20, 35.2) / 1000).toBeCloseTo(2.0, 1);
  });

  it('the ΔT that carries 2 MW at 500 GPM is about 15.2 K', () => {
    const deltaT = 2000 / (lpmToKgPerS(gpmToLpm(500)) * 4.18);
    expect(deltaT).toBeCloseTo(15.2, 1);
  });
});

describe('unit conversions', () => {
  it('round-trips L/min, GPM and kg/s', () => {
    fc.assert(
      fc.property(positive(1e5), (lpm) => {
        expect(gpmToLpm(lpmToGpm(lpm))).toBeCloseTo(lpm, 6);
        expect(kgPerSToLpm(lpmToKgPerS(lpm))).toBeCloseTo(lpm, 6);
      }),
    );
  });

  it('reads watts as kilowatts', () => {
    expect(wattsToKw(2500)).toBe(2.5);
  });

  it('the pCDU simulator at full flow: 80 L/min at 15 K is about 83 kW', () => {
    expect(coolingCapacityKw(80, 15)).toBeCloseTo(83.3, 1);
  });
});

describe('heat removed', () => {
  it('is linear in flow and in ΔT, and zero without either', () => {
    fc.assert(
      fc.property(positive(100), positive(40), positive(10), (flow, deltaT, k) => {
        expect(heatRemovedKw(flow * k, deltaT)).toBeCloseTo(k * heatRemovedKw(flow, deltaT), 6);
        expect(heatRemovedKw(flow, deltaT * k)).toBeCloseTo(k * heatRemovedKw(flow, deltaT), 6);
        expect(heatRemovedKw(0, deltaT)).toBe(0);
        expect(heatRemovedKw(flow, 0)).toBe(0);
      }),
    );
  });
});

describe('disagreement', () => {
  it('is the reported heat above the computed, in percent of the computed', () => {
    expect(disagreementPercent(10, 11)).toBeCloseTo(10, 9);
    expect(disagreementPercent(10, 8)).toBeCloseTo(-20, 9);
    expect(disagreementPercent(0.1, 0.2)).toBeNull();
  });

  it('is 0 exactly when both agree, and its sign follows the reported side', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 5000, noNaN: true }), positive(3), (kw, k) => {
        expect(disagreementPercent(kw, kw)).toBe(0);
        const d = disagreementPercent(kw, kw * k)!;
        if (k > 1) expect(d).toBeGreaterThan(0);
        if (k < 1) expect(d).toBeLessThan(0);
      }),
    );
  });
});

describe('sustained disagreements', () => {
  const series = (values: (number | null)[], stepMs = 10_000) =>
    values.map((v, i) => ({ t: i * stepMs, disagreementPercent: v }));

  it('flags a run beyond 10 % that lasts a minute, not a shorter one', () => {
    expect(
      sustainedDisagreements(series([2, 15, 20, 18, 3, 12, 13, 14, 15, 16, 17]), 10_000),
    ).toEqual([{ fromMs: 50_000, toMs: 110_000, worstPercent: 17 }]);
    expect(sustainedDisagreements(series([15, 15, 15, 15, 15]), 10_000)).toEqual([]);
  });

  it('treats either sign alike and a missing value as an end', () => {
    const values = [-12, -30, -12, -12, -12, -12, null, -40, -40];
    expect(sustainedDisagreements(series(values), 10_000)).toEqual([
      { fromMs: 0, toMs: 60_000, worstPercent: -30 },
    ]);
  });

  it('one coarse step of a long period is a sustained episode by itself', () => {
    expect(sustainedDisagreements(series([25], 300_000), 300_000)).toHaveLength(1);
  });

  it('never flags values within the threshold; episodes are ordered and disjoint', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(null), fc.double({ min: -50, max: 50, noNaN: true })), {
          maxLength: 60,
        }),
        (values) => {
          const episodes = sustainedDisagreements(series(values), 10_000);
          for (const [i, e] of episodes.entries()) {
            expect(e.toMs - e.fromMs).toBeGreaterThanOrEqual(60_000);
            expect(Math.abs(e.worstPercent)).toBeGreaterThan(10);
            if (i > 0) expect(e.fromMs).toBeGreaterThan(episodes[i - 1]!.toMs - 1);
          }
          const clipped = values.map((v) => (v === null ? null : Math.max(-10, Math.min(10, v))));
          expect(sustainedDisagreements(series(clipped), 10_000)).toEqual([]);
        },
      ),
    );
  });
});

describe('approach, valve and capacity', () => {
  it('approach is the loop supply above the facility water supply', () => {
    expect(approachK(22.5, 18)).toBeCloseTo(4.5, 9);
  });

  it('extrapolates full flow from a linear valve, not from a nearly shut one', () => {
    expect(fullOpenFlowLpm(24, 30)).toBeCloseTo(80, 9);
    expect(fullOpenFlowLpm(2, 5)).toBeNull();
    expect(demandValvePercent(40, 80)).toBe(50);
    expect(demandValvePercent(40, 0)).toBeNull();
  });

  it('utilisation and headroom add up to the capacity', () => {
    fc.assert(
      fc.property(positive(1000), positive(1000), (peak, capacity) => {
        const u = utilisation(peak, capacity);
        expect(u.headroomKw! + peak).toBeCloseTo(capacity, 6);
        expect((u.utilisationPercent! * capacity) / 100).toBeCloseTo(peak, 6);
      }),
    );
    expect(utilisation(5, null)).toEqual({ utilisationPercent: null, headroomKw: null });
  });
});

describe('overhead ratios', () => {
  it('pPUE of the loop and PUE', () => {
    expect(coolingOverheadRatio(10, 0.36)).toBeCloseTo(1.036, 9);
    expect(coolingOverheadRatio(0, 0.36)).toBeNull();
    expect(powerUsageEffectiveness(150, 100)).toBe(1.5);
    expect(powerUsageEffectiveness(150, 0)).toBeNull();
  });

  it('pPUE is never below 1 and grows with the draw', () => {
    fc.assert(
      fc.property(positive(1000), positive(100), (served, draw) => {
        const ratio = coolingOverheadRatio(served, draw)!;
        expect(ratio).toBeGreaterThanOrEqual(1);
        expect(coolingOverheadRatio(served, draw * 2)!).toBeGreaterThan(ratio);
      }),
    );
  });
});

describe('energy flow', () => {
  it('splits IT power into liquid and air, with the pump joining the loop', () => {
    expect(energyFlowLinks({ itKw: 11, liquidHeatKw: 6.4, coolingElectricalKw: 0.4 })).toEqual([
      { source: 'itPower', target: 'liquidLoop', kw: 6 },
      { source: 'coolingElectrical', target: 'liquidLoop', kw: 0.4 },
      { source: 'itPower', target: 'roomAir', kw: 5 },
      { source: 'liquidLoop', target: 'facilityWater', kw: 6.4 },
    ]);
  });

  it('shows heat the IT meters do not see as unmetered', () => {
    const links = energyFlowLinks({ itKw: 2, liquidHeatKw: 5, coolingElectricalKw: 0 });
    expect(links).toContainEqual({ source: 'unmeteredHeat', target: 'liquidLoop', kw: 3 });
    expect(links.find((l) => l.target === 'roomAir')).toBeUndefined();
  });

  it('conserves energy at every node', () => {
    fc.assert(
      fc.property(positive(1000), positive(1000), positive(50), (it, liquid, electrical) => {
        const links = energyFlowLinks({
          itKw: it,
          liquidHeatKw: liquid,
          coolingElectricalKw: electrical,
        });
        const into = (node: string) =>
          links.filter((l) => l.target === node).reduce((sum, l) => sum + l.kw, 0);
        const out = (node: string) =>
          links.filter((l) => l.source === node).reduce((sum, l) => sum + l.kw, 0);
        expect(out('itPower')).toBeCloseTo(it, 6);
        expect(out('liquidLoop')).toBeCloseTo(into('liquidLoop'), 6);
        expect(into('facilityWater')).toBeCloseTo(Math.max(liquid, electrical), 6);
        for (const link of links) expect(link.kw).toBeGreaterThan(0);
      }),
    );
  });
});
