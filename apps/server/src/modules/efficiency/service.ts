import type { FastifyInstance } from 'fastify';
import {
  EFFICIENCY_MAX_POINTS,
  EFFICIENCY_MESSAGES,
  equipmentMetricName,
  type CoolingPerformance,
  type CoolingPerformancePoint,
  type Efficiency,
  type EfficiencyRanking,
  type EfficiencyScope,
  type EfficiencySettings,
  type EfficiencySummary,
  type EnergyFlow,
  type RankingEntry,
  type ScopeDescription,
} from '@brezza/contract';
import { badRequest, notFound } from '../../errors.js';
import {
  DISAGREEMENT_THRESHOLD_PERCENT,
  SUSTAINED_DISAGREEMENT_MS,
  approachK,
  coolingCapacityKw,
  coolingOverheadRatio,
  demandValvePercent,
  disagreementPercent,
  energyFlowLinks,
  fullOpenFlowLpm,
  powerUsageEffectiveness,
  sustainedDisagreements,
  utilisation,
  waterSideHeatKw,
  wattsToKw,
} from './physics.js';
import type { DevicePlace, EfficiencyRepository, Layout } from './repository.js';
import {
  chooseStepMs,
  energyKwh,
  mapSteps,
  meanOf,
  median,
  peakOf,
  sumSteps,
  type Steps,
} from './steps.js';

const pcduMetric = (sensor: string) => equipmentMetricName('pcdu', sensor);
const PCDU = {
  flow: pcduMetric('wflow'),
  inlet: pcduMetric('water_inlet_temperature'),
  outlet: pcduMetric('water_outlet_temperature'),
  reported: pcduMetric('cooling_power'),
  supply: pcduMetric('refrigerant_supply_temperature'),
  valve: pcduMetric('valveNow'),
  demandFlow: pcduMetric('Setpoint_VolumetricFlow'),
  electrical: pcduMetric('electrical_power'),
  deltaTSetpoint: pcduMetric('deltaTSetpoint'),
} as const;
type PcduSignal = keyof typeof PCDU;
/** What the capacity and efficiency figures need of a pCDU (the performance view reads all). */
const EFFICIENCY_SIGNALS: PcduSignal[] = [
  'flow',
  'inlet',
  'outlet',
  'valve',
  'electrical',
  'deltaTSetpoint',
];
const PDU_OUTLET_POWER = equipmentMetricName('pdu', 'outlet_power');
const PDU_POWER = equipmentMetricName('pdu', 'power');
const SERVER_POWER = 'power_watts';
/** A server's wall meter; without one, its RAPL/hwmon domains are summed. */
const WALL_METER_DOMAIN = 'power_meter';

interface Window {
  fromMs: number;
  toMs: number;
  stepMs: number;
}

type PcduSteps = Record<PcduSignal, Steps>;

/** What one pass over the metrics store brings back for a set of devices and a window. */
interface Collected {
  window: Window;
  pcdus: Map<number, PcduSteps>;
  /** kW per step: a PDU's outlets (else its total), a server's own meter. */
  itByDevice: Map<number, Steps>;
  /** kW per step of each facility meter. */
  meters: Map<number, Steps>;
}

/** The devices a scope's figures are summed over. */
interface Members {
  description: ScopeDescription;
  pcduIds: number[];
  /** Per rack: its PDUs (the rack's IT power) and its servers (when it has no PDU). */
  racks: { id: number; pduIds: number[]; serverIds: number[] }[];
  /** Servers outside any rack (only the organisation holds them). */
  looseServerIds: number[];
}

const toIso = (ms: number) => new Date(ms).toISOString();
const ids = (devices: DevicePlace[]) => devices.map((d) => d.id);

export function createEfficiencyService(deps: {
  repository: EfficiencyRepository;
  store: FastifyInstance['metricsStore'];
}) {
  const { repository, store } = deps;

  /** One series per device of a metric without labels, as steps. */
  async function perDevice(
    organisationId: number,
    metric: string,
    deviceIds: number[],
    window: Window,
  ): Promise<Map<number, Steps>> {
    const result = new Map<number, Steps>();
    // An empty list would read every device of the organisation.
    if (deviceIds.length === 0) return result;
    const { series } = await store.queryRange({
      organisationId,
      metric,
      deviceIds,
      fromMs: window.fromMs,
      toMs: window.toMs,
      stepMs: window.stepMs,
      aggregate: 'avg',
    });
    for (const one of series) {
      const steps = result.get(one.deviceId) ?? new Map<number, number>();
      for (const [t, value] of one.points) steps.set(t, (steps.get(t) ?? 0) + value);
      result.set(one.deviceId, steps);
    }
    return result;
  }

  async function serverPower(organisationId: number, serverIds: number[], window: Window) {
    const result = new Map<number, Steps>();
    if (serverIds.length === 0) return result;
    const { series } = await store.queryRange({
      organisationId,
      metric: SERVER_POWER,
      deviceIds: serverIds,
      fromMs: window.fromMs,
      toMs: window.toMs,
      stepMs: window.stepMs,
      aggregate: 'avg',
    });
    const metered = new Set(
      series.filter((s) => s.labels.domain === WALL_METER_DOMAIN).map((s) => s.deviceId),
    );
    const chosen = series.filter(
      (s) => !metered.has(s.deviceId) || s.labels.domain === WALL_METER_DOMAIN,
    );
    for (const deviceId of new Set(chosen.map((s) => s.deviceId))) {
      const steps = sumSteps(
        chosen
          .filter((s) => s.deviceId === deviceId)
          .map((s) => new Map(s.points.map(([t, w]) => [t, wattsToKw(w)]))),
      );
      result.set(deviceId, steps);
    }
    return result;
  }

  async function collect(
    organisationId: number,
    members: Members[],
    meterIds: number[],
    window: Window,
    signals: PcduSignal[],
  ): Promise<Collected> {
    const pcduIds = [...new Set(members.flatMap((m) => m.pcduIds))];
    const pduIds = [...new Set(members.flatMap((m) => m.racks.flatMap((r) => r.pduIds)))];
    const serverIds = [
      ...new Set(
        members.flatMap((m) => [
          ...m.looseServerIds,
          ...m.racks.filter((r) => r.pduIds.length === 0).flatMap((r) => r.serverIds),
        ]),
      ),
    ];
    const [pcduSignals, outlets, pduTotals, servers, meters] = await Promise.all([
      Promise.all(
        signals.map(async (signal) => {
          const steps = await perDevice(organisationId, PCDU[signal], pcduIds, window);
          return [signal, steps] as const;
        }),
      ),
      perDevice(organisationId, PDU_OUTLET_POWER, pduIds, window),
      perDevice(organisationId, PDU_POWER, pduIds, window),
      serverPower(organisationId, serverIds, window),
      perDevice(organisationId, PDU_POWER, meterIds, window),
    ]);
    const pcdus = new Map<number, PcduSteps>();
    for (const id of pcduIds) {
      const entry = Object.fromEntries(
        Object.keys(PCDU).map((signal) => [signal, new Map<number, number>()]),
      ) as PcduSteps;
      for (const [signal, byDevice] of pcduSignals) entry[signal] = byDevice.get(id) ?? new Map();
      pcdus.set(id, entry);
    }
    const itByDevice = new Map<number, Steps>();
    for (const id of pduIds) {
      // A PDU's outlets are what the IT equipment draws; its total also holds its own losses.
      const steps = outlets.get(id) ?? pduTotals.get(id);
      if (steps) itByDevice.set(id, mapSteps(steps, wattsToKw));
    }
    for (const [id, steps] of servers) itByDevice.set(id, steps);
    return {
      window,
      pcdus,
      itByDevice,
      meters: new Map([...meters].map(([id, steps]) => [id, mapSteps(steps, wattsToKw)])),
    };
  }

  /** Heat removed per step by one pCDU, from its water flow and temperatures. */
  function pcduHeat(steps: PcduSteps): Steps {
    const heat: Steps = new Map();
    for (const [t, flow] of steps.flow) {
      const inlet = steps.inlet.get(t);
      const outlet = steps.outlet.get(t);
      if (inlet === undefined || outlet === undefined) continue;
      heat.set(t, waterSideHeatKw(flow, inlet, outlet));
    }
    return heat;
  }

  function pcduFullFlow(steps: PcduSteps): number | null {
    const estimates: number[] = [];
    for (const [t, flow] of steps.flow) {
      const valve = steps.valve.get(t);
      const estimate = valve === undefined ? null : fullOpenFlowLpm(flow, valve);
      if (estimate !== null) estimates.push(estimate);
    }
    return median(estimates);
  }

  function pcduCapacity(steps: PcduSteps): number | null {
    const fullFlow = pcduFullFlow(steps);
    const deltaT = median([...steps.deltaTSetpoint.values()]);
    return fullFlow === null || deltaT === null ? null : coolingCapacityKw(fullFlow, deltaT);
  }

  function itSteps(members: Members, data: Collected) {
    const parts: Steps[] = [];
    const sources = { pduRacks: 0, serverMeteredRacks: 0, unmeteredRacks: 0 };
    for (const rack of members.racks) {
      const devices = rack.pduIds.length > 0 ? rack.pduIds : rack.serverIds;
      const found = devices.map((id) => data.itByDevice.get(id)).filter((s) => s !== undefined);
      if (rack.pduIds.length > 0) sources.pduRacks += 1;
      else if (found.length > 0) sources.serverMeteredRacks += 1;
      else if (rack.serverIds.length > 0) sources.unmeteredRacks += 1;
      parts.push(...found);
    }
    for (const id of members.looseServerIds) {
      const steps = data.itByDevice.get(id);
      if (steps) parts.push(steps);
    }
    return { steps: sumSteps(parts), sources };
  }

  function summarise(members: Members, data: Collected) {
    const { stepMs } = data.window;
    const it = itSteps(members, data);
    const pcdus = members.pcduIds.map((id) => {
      const steps = data.pcdus.get(id)!;
      return { id, heat: pcduHeat(steps), capacity: pcduCapacity(steps), steps };
    });
    const heat = sumSteps(pcdus.map((p) => p.heat));
    const electrical = sumSteps(pcdus.map((p) => p.steps.electrical));
    const capacities = pcdus.map((p) => p.capacity).filter((c) => c !== null);
    const capacity = capacities.length > 0 ? capacities.reduce((a, b) => a + b, 0) : null;
    const itKw = meanOf(it.steps);
    const heatKw = meanOf(heat);
    const peakHeat = peakOf(heat);
    const electricalKw = meanOf(electrical);
    const { utilisationPercent, headroomKw } =
      peakHeat === null ? utilisation(0, null) : utilisation(peakHeat, capacity);
    const summary: EfficiencySummary = {
      itPowerKw: itKw,
      peakItPowerKw: peakOf(it.steps),
      itEnergyKwh: energyKwh(it.steps, stepMs),
      heatRemovedKw: heatKw,
      peakHeatRemovedKw: peakHeat,
      heatRemovedKwh: energyKwh(heat, stepMs),
      heatToAirKw:
        itKw === null ? null : Math.max(0, itKw - Math.max(0, (heatKw ?? 0) - (electricalKw ?? 0))),
      liquidSharePercent:
        itKw !== null && itKw > 0 && heatKw !== null ? (100 * heatKw) / itKw : null,
      coolingCapacityKw: capacity,
      utilisationPercent,
      headroomKw,
      coolingElectricalKw: electricalKw,
      coolingOverheadRatio:
        itKw === null || electricalKw === null ? null : coolingOverheadRatio(itKw, electricalKw),
    };
    return { summary, it, heat, electrical, pcdus };
  }

  function membersOf(layout: Layout, scope: EfficiencyScope, meterIds: Set<number>): Members {
    const find = <T extends { id: number }>(rows: T[]) => {
      const row = rows.find((r) => r.id === scope.id);
      if (!row) throw notFound(EFFICIENCY_MESSAGES.scopeNotFound);
      return row;
    };
    let name: string;
    let roomIds: Set<number>;
    let rackIds: Set<number>;
    if (scope.kind === 'organisation') {
      name = 'All sites';
      roomIds = new Set(layout.rooms.map((r) => r.id));
      rackIds = new Set(layout.racks.map((r) => r.id));
    } else if (scope.kind === 'datacenter') {
      name = find(layout.datacenters).name;
      roomIds = new Set(layout.rooms.filter((r) => r.datacenterId === scope.id).map((r) => r.id));
      rackIds = new Set(
        layout.racks.filter((r) => r.roomId !== null && roomIds.has(r.roomId)).map((r) => r.id),
      );
    } else if (scope.kind === 'room') {
      name = find(layout.rooms).name;
      roomIds = new Set([scope.id!]);
      rackIds = new Set(layout.racks.filter((r) => r.roomId === scope.id).map((r) => r.id));
    } else {
      name = find(layout.racks).name;
      roomIds = new Set();
      rackIds = new Set([scope.id!]);
    }
    const devices = layout.devices.filter((d) => !meterIds.has(d.id));
    const inRack = (rackId: number, type: DevicePlace['type']) =>
      devices.filter((d) => d.rackId === rackId && d.type === type);
    return {
      description: { kind: scope.kind, id: scope.id ?? null, name },
      pcduIds: ids(
        devices.filter(
          (d) =>
            d.type === 'pcdu' &&
            ((d.rackId !== null && rackIds.has(d.rackId)) ||
              (d.rackId === null && d.roomId !== null && roomIds.has(d.roomId)) ||
              (scope.kind === 'organisation' && d.rackId === null && d.roomId === null)),
        ),
      ),
      racks: [...rackIds].map((id) => ({
        id,
        pduIds: ids(inRack(id, 'pdu')),
        serverIds: ids(inRack(id, 'server')),
      })),
      looseServerIds:
        scope.kind === 'organisation'
          ? ids(devices.filter((d) => d.type === 'server' && d.rackId === null))
          : [],
    };
  }

  function windowOf(fromMs: number, toMs: number, minStepMs: number): Window {
    const stepMs = chooseStepMs(toMs - fromMs, EFFICIENCY_MAX_POINTS, minStepMs);
    return { fromMs, toMs, stepMs };
  }
  // The store reads both ends inclusively: the previous period stops short of this one's start.
  const previousWindow = (window: Window): Window => ({
    fromMs: window.fromMs - (window.toMs - window.fromMs),
    toMs: window.fromMs - 1,
    stepMs: window.stepMs,
  });

  async function settingsOf(organisationId: number) {
    const rows = await repository.facilityMeters(organisationId);
    const meterIds = new Set(
      rows.map((r) => r.facilityMeterDeviceId).filter((id): id is number => id !== null),
    );
    return { rows, meterIds };
  }

  return {
    async coolingPerformance(
      organisationId: number,
      equipmentId: number,
      fromMs: number,
      toMs: number,
    ): Promise<CoolingPerformance> {
      const layout = await repository.layout(organisationId);
      const unit = layout.devices.find((d) => d.id === equipmentId && d.type === 'pcdu');
      if (!unit) throw notFound(EFFICIENCY_MESSAGES.notPcdu);
      // 10 s steps at the finest: a pCDU is polled every few seconds.
      const window = windowOf(fromMs, toMs, 10_000);
      const members: Members = {
        description: { kind: 'organisation', id: null, name: unit.name },
        pcduIds: [unit.id],
        racks: [],
        looseServerIds: [],
      };
      const data = await collect(
        organisationId,
        [members],
        [],
        window,
        Object.keys(PCDU) as PcduSignal[],
      );
      const steps = data.pcdus.get(unit.id)!;
      const heat = pcduHeat(steps);
      const fullFlow = pcduFullFlow(steps);
      const times = [
        ...new Set([...heat.keys(), ...steps.reported.keys(), ...steps.valve.keys()]),
      ].sort((a, b) => a - b);
      const series: CoolingPerformancePoint[] = times.map((t) => {
        const computed = heat.get(t) ?? null;
        const reported = steps.reported.get(t) ?? null;
        const supply = steps.supply.get(t);
        const inlet = steps.inlet.get(t);
        const demandFlow = steps.demandFlow.get(t);
        return {
          t,
          heatRemovedKw: computed,
          reportedCoolingKw: reported,
          disagreementPercent:
            computed === null || reported === null ? null : disagreementPercent(computed, reported),
          approachK: supply === undefined || inlet === undefined ? null : approachK(supply, inlet),
          valvePercent: steps.valve.get(t) ?? null,
          demandValvePercent:
            demandFlow === undefined || fullFlow === null
              ? null
              : demandValvePercent(demandFlow, fullFlow),
          electricalKw: steps.electrical.get(t) ?? null,
        };
      });
      const episodes = sustainedDisagreements(series, window.stepMs);
      const lastStep = series.at(-1)?.t;
      const heatKw = meanOf(heat);
      const reportedKw = meanOf(steps.reported);
      const electricalKw = meanOf(steps.electrical);
      const mean = (key: keyof CoolingPerformancePoint) =>
        meanOf(
          new Map(
            series
              .filter((p) => p[key] !== null)
              .map((p) => [p.t, p[key] as number] as [number, number]),
          ),
        );
      const deltaTSetpointK = median([...steps.deltaTSetpoint.values()]);
      return {
        equipmentId: unit.id,
        name: unit.name,
        from: toIso(fromMs),
        to: toIso(toMs),
        stepSeconds: window.stepMs / 1000,
        heatRemovedKw: heatKw,
        reportedCoolingKw: reportedKw,
        disagreementPercent:
          heatKw === null || reportedKw === null ? null : disagreementPercent(heatKw, reportedKw),
        approachK: mean('approachK'),
        flagged: episodes.length > 0,
        flaggedNow:
          lastStep !== undefined && episodes.some((e) => e.toMs === lastStep + window.stepMs),
        thresholdPercent: DISAGREEMENT_THRESHOLD_PERCENT,
        sustainedSeconds: SUSTAINED_DISAGREEMENT_MS / 1000,
        episodes: episodes.map((e) => ({
          from: toIso(e.fromMs),
          to: toIso(e.toMs),
          worstPercent: e.worstPercent,
        })),
        heatRemovedKwh: energyKwh(heat, window.stepMs),
        flowLpm: meanOf(steps.flow),
        valvePercent: mean('valvePercent'),
        demandValvePercent: mean('demandValvePercent'),
        fullOpenFlowLpm: fullFlow,
        deltaTSetpointK,
        coolingCapacityKw: pcduCapacity(steps),
        electricalKw,
        coolingOverheadRatio:
          heatKw === null || electricalKw === null
            ? null
            : coolingOverheadRatio(heatKw, electricalKw),
        series,
      };
    },

    async efficiency(
      organisationId: number,
      scope: EfficiencyScope,
      fromMs: number,
      toMs: number,
    ): Promise<Efficiency> {
      const [layout, settings] = await Promise.all([
        repository.layout(organisationId),
        settingsOf(organisationId),
      ]);
      const members = membersOf(layout, scope, settings.meterIds);
      const window = windowOf(fromMs, toMs, 60_000);
      const setting =
        scope.kind === 'datacenter'
          ? settings.rows.find((r) => r.datacenterId === scope.id)
          : undefined;
      const meterIds =
        setting?.facilityMeterDeviceId != null ? [setting.facilityMeterDeviceId] : [];
      const [current, previous] = await Promise.all([
        collect(organisationId, [members], meterIds, window, EFFICIENCY_SIGNALS),
        collect(organisationId, [members], [], previousWindow(window), EFFICIENCY_SIGNALS),
      ]);
      const now = summarise(members, current);
      const before = summarise(members, previous);
      let pue: Efficiency['pue'] = null;
      if (setting?.declaredPue != null) {
        pue = { value: setting.declaredPue, source: 'declared', facilityKw: null };
      } else if (meterIds.length > 0) {
        const facilityKw = meanOf(current.meters.get(meterIds[0]!) ?? new Map());
        pue = {
          value:
            facilityKw === null || now.summary.itPowerKw === null
              ? null
              : powerUsageEffectiveness(facilityKw, now.summary.itPowerKw),
          source: 'metered',
          facilityKw,
        };
      }
      const times = [
        ...new Set([...now.it.steps.keys(), ...now.heat.keys(), ...now.electrical.keys()]),
      ].sort((a, b) => a - b);
      const names = new Map(layout.devices.map((d) => [d.id, d.name]));
      return {
        scope: members.description,
        from: toIso(fromMs),
        to: toIso(toMs),
        stepSeconds: window.stepMs / 1000,
        current: now.summary,
        previous: before.summary,
        pue,
        itPowerSources: now.it.sources,
        pcdus: now.pcdus.map((p) => ({
          id: p.id,
          name: names.get(p.id) ?? '',
          heatRemovedKw: meanOf(p.heat),
          peakHeatRemovedKw: peakOf(p.heat),
          coolingCapacityKw: p.capacity,
        })),
        series: times.map((t) => ({
          t,
          itPowerKw: now.it.steps.get(t) ?? null,
          heatRemovedKw: now.heat.get(t) ?? null,
          coolingElectricalKw: now.electrical.get(t) ?? null,
        })),
      };
    },

    async energyFlow(
      organisationId: number,
      scope: EfficiencyScope,
      fromMs: number,
      toMs: number,
    ): Promise<EnergyFlow> {
      const [layout, settings] = await Promise.all([
        repository.layout(organisationId),
        settingsOf(organisationId),
      ]);
      const members = membersOf(layout, scope, settings.meterIds);
      const window = windowOf(fromMs, toMs, 60_000);
      const data = await collect(organisationId, [members], [], window, EFFICIENCY_SIGNALS);
      const { summary } = summarise(members, data);
      const hours = (toMs - fromMs) / 3_600_000;
      const links = energyFlowLinks({
        itKw: summary.itPowerKw ?? 0,
        liquidHeatKw: summary.heatRemovedKw ?? 0,
        coolingElectricalKw: summary.coolingElectricalKw ?? 0,
      });
      return {
        scope: members.description,
        from: toIso(fromMs),
        to: toIso(toMs),
        stepSeconds: window.stepMs / 1000,
        links: links.map((link) => ({ ...link, kwh: link.kw * hours })),
      };
    },

    async ranking(
      organisationId: number,
      fromMs: number,
      toMs: number,
    ): Promise<EfficiencyRanking> {
      const [layout, settings] = await Promise.all([
        repository.layout(organisationId),
        settingsOf(organisationId),
      ]);
      const window = windowOf(fromMs, toMs, 60_000);
      const scopes = [
        ...layout.datacenters.map((d) => ({ kind: 'datacenter' as const, id: d.id })),
        ...layout.rooms.map((r) => ({ kind: 'room' as const, id: r.id })),
      ];
      const members = scopes.map((scope) => membersOf(layout, scope, settings.meterIds));
      const [current, previous] = await Promise.all([
        collect(organisationId, members, [], window, EFFICIENCY_SIGNALS),
        collect(organisationId, members, [], previousWindow(window), EFFICIENCY_SIGNALS),
      ]);
      const datacenterNames = new Map(layout.datacenters.map((d) => [d.id, d.name]));
      const entries: RankingEntry[] = members.map((m) => {
        const now = summarise(m, current).summary;
        const before = summarise(m, previous).summary;
        const room =
          m.description.kind === 'room'
            ? layout.rooms.find((r) => r.id === m.description.id)
            : undefined;
        return {
          rank: null,
          kind: m.description.kind as 'datacenter' | 'room',
          id: m.description.id!,
          name: m.description.name,
          datacenterName:
            room?.datacenterId != null ? (datacenterNames.get(room.datacenterId) ?? null) : null,
          itPowerKw: now.itPowerKw,
          heatRemovedKw: now.heatRemovedKw,
          liquidSharePercent: now.liquidSharePercent,
          utilisationPercent: now.utilisationPercent,
          coolingOverheadRatio: now.coolingOverheadRatio,
          previousCoolingOverheadRatio: before.coolingOverheadRatio,
        };
      });
      const ranked = (kind: RankingEntry['kind']) => {
        const list = entries.filter((e) => e.kind === kind).sort(compareEfficiency);
        let rank = 0;
        return list.map((e) => (hasFigures(e) ? { ...e, rank: (rank += 1) } : e));
      };
      return {
        from: toIso(fromMs),
        to: toIso(toMs),
        stepSeconds: window.stepMs / 1000,
        datacenters: ranked('datacenter'),
        rooms: ranked('room'),
      };
    },

    async settings(organisationId: number): Promise<EfficiencySettings> {
      const [layout, settings] = await Promise.all([
        repository.layout(organisationId),
        settingsOf(organisationId),
      ]);
      const names = new Map(layout.devices.map((d) => [d.id, d.name]));
      return {
        datacenters: layout.datacenters.map((d) => {
          const row = settings.rows.find((r) => r.datacenterId === d.id);
          const meter = row?.facilityMeterDeviceId ?? null;
          return {
            datacenterId: d.id,
            datacenterName: d.name,
            declaredPue: row?.declaredPue ?? null,
            facilityMeterDeviceId: meter,
            facilityMeterName: meter === null ? null : (names.get(meter) ?? null),
          };
        }),
        meterCandidates: layout.devices
          .filter((d) => d.type === 'pdu')
          .map((d) => ({ id: d.id, name: d.name })),
      };
    },

    async saveSettings(
      organisationId: number,
      datacenterId: number,
      body: { declaredPue: number | null; facilityMeterDeviceId: number | null },
    ): Promise<EfficiencySettings> {
      const layout = await repository.layout(organisationId);
      if (!layout.datacenters.some((d) => d.id === datacenterId)) {
        throw notFound(EFFICIENCY_MESSAGES.datacenterNotFound);
      }
      const meter = body.facilityMeterDeviceId;
      if (meter !== null && !layout.devices.some((d) => d.id === meter && d.type === 'pdu')) {
        throw badRequest(EFFICIENCY_MESSAGES.meterNotFound);
      }
      await repository.saveFacilityMeter(organisationId, { datacenterId, ...body });
      return this.settings(organisationId);
    },
  };
}

const hasFigures = (e: RankingEntry) =>
  e.coolingOverheadRatio !== null || e.liquidSharePercent !== null;

/** Best first: lowest cooling overhead, then the largest liquid share; scopes without data last. */
function compareEfficiency(a: RankingEntry, b: RankingEntry): number {
  if (hasFigures(a) !== hasFigures(b)) return hasFigures(a) ? -1 : 1;
  const ratio = (e: RankingEntry) => e.coolingOverheadRatio ?? Number.POSITIVE_INFINITY;
  if (ratio(a) !== ratio(b)) return ratio(a) - ratio(b);
  const share = (e: RankingEntry) => e.liquidSharePercent ?? -1;
  if (share(a) !== share(b)) return share(b) - share(a);
  return a.name.localeCompare(b.name);
}

export type EfficiencyService = ReturnType<typeof createEfficiencyService>;
