import {
  alertFigures,
  dailyEfficiency,
  meanShare,
  peak,
  presenceShare,
  ratio,
  roomHeadroom,
  serverPowerSeries,
  sumSeries,
  totalEnergy,
  type AlertFigures,
  type DailyEfficiency,
  type Point,
  type RoomHeadroom,
  type Transition,
} from './figures.js';

/** What the report is computed from: the metrics store's answers and the alerts' transitions. */
export interface ReportInputs {
  organisation: { name: string; demo: boolean };
  fromMs: number;
  toMs: number;
  nowMs: number;
  energyStepMs: number;
  presenceStepMs: number;
  devices: ReportDevice[];
  /** Per period, the series of each metric the report reads. */
  current: PeriodSeries;
  previous: PeriodSeries;
}

export interface ReportDevice {
  id: number;
  name: string;
  type: 'server' | 'pcdu' | 'pdu';
  room: string | null;
  rackId: number | null;
  createdMs: number;
}

export interface Series {
  deviceId: number;
  labels: Record<string, string>;
  points: Point[];
}

export interface PeriodSeries {
  fromMs: number;
  toMs: number;
  pduOutletPowerW: Series[];
  serverPowerW: Series[];
  coolingPowerKw: Series[];
  valvePercent: Series[];
  /** Any sample of a device, at the presence step: servers' CPU, equipment's own readings. */
  serverPresence: Series[];
  equipmentPresence: Series[];
  transitions: Transition[];
}

export interface PeriodFigures {
  fromMs: number;
  toMs: number;
  itEnergyKwh: number | null;
  /** Where IT power came from: PDU outlets, else the servers' own meters. */
  itSource: 'PDU outlets' | 'server power meters' | 'PDU outlets and server power meters' | null;
  peakItKw: number | null;
  heatRemovedKwh: number | null;
  peakHeatKw: number | null;
  /** Heat removed by the liquid loop ÷ IT energy. */
  captureRatio: number | null;
  /** IT energy the liquid loop did not take away: left to the room's air cooling. */
  heatToAirKwh: number | null;
  alerts: AlertFigures;
  serverOnlineShare: number | null;
  servers: number;
  equipmentCommunicationShare: number | null;
  equipment: number;
}

export interface ExecutiveReport {
  organisation: string;
  demo: boolean;
  fromMs: number;
  toMs: number;
  generatedMs: number;
  current: PeriodFigures;
  previous: PeriodFigures;
  daily: DailyEfficiency[];
  rooms: RoomHeadroom[];
}

const kw = (series: readonly Series[]) =>
  series.map((s) => s.points.map(([t, w]) => [t, w / 1000] as Point));

/**
 * The IT power series of a period: each PDU's outlets, plus the own power meters of the servers
 * in racks no reporting PDU feeds (so that a rack is never counted twice, nor left out).
 */
function itSeries(
  period: PeriodSeries,
  devices: readonly ReportDevice[],
): { source: PeriodFigures['itSource']; series: Point[][] } {
  const reporting = new Set(
    period.pduOutletPowerW.filter((s) => s.points.length > 0).map((s) => s.deviceId),
  );
  const meteredRacks = new Set(
    devices.filter((d) => d.type === 'pdu' && reporting.has(d.id)).map((d) => d.rackId),
  );
  const unmetered = new Set(
    devices
      .filter((d) => d.type === 'server' && (d.rackId === null || !meteredRacks.has(d.rackId)))
      .map((d) => d.id),
  );
  const byDevice = new Map<number, Series[]>();
  for (const s of period.serverPowerW) {
    if (!unmetered.has(s.deviceId)) continue;
    byDevice.set(s.deviceId, [...(byDevice.get(s.deviceId) ?? []), s]);
  }
  const servers = [...byDevice.values()]
    .flatMap((list) => serverPowerSeries(list))
    .filter((s) => s.points.length > 0);
  const pdus = period.pduOutletPowerW.filter((s) => s.points.length > 0);
  const source =
    pdus.length > 0 && servers.length > 0
      ? 'PDU outlets and server power meters'
      : pdus.length > 0
        ? 'PDU outlets'
        : servers.length > 0
          ? 'server power meters'
          : null;
  return { source, series: kw([...pdus, ...servers]) };
}

function periodFigures(inputs: ReportInputs, period: PeriodSeries): PeriodFigures {
  const { energyStepMs, presenceStepMs, devices, nowMs } = inputs;
  const { fromMs, toMs } = period;
  const it = itSeries(period, devices);
  const heat = period.coolingPowerKw.map((s) => s.points);
  const itEnergy = totalEnergy(it.series, energyStepMs, fromMs, toMs);
  const heatEnergy = totalEnergy(heat, energyStepMs, fromMs, toMs);
  const itEnergyKwh = itEnergy && itEnergy.coveredMs > 0 ? itEnergy.kwh : null;
  const heatRemovedKwh = heatEnergy && heatEnergy.coveredMs > 0 ? heatEnergy.kwh : null;
  const shares = (type: 'server' | 'equipment', series: readonly Series[]) => {
    const points = new Map(series.map((s) => [s.deviceId, s.points] as const));
    const list = devices.filter((d) =>
      type === 'server' ? d.type === 'server' : d.type !== 'server',
    );
    return {
      count: list.filter((d) => d.createdMs < toMs).length,
      share: meanShare(
        list.map((d) =>
          presenceShare(
            points.get(d.id) ?? [],
            presenceStepMs,
            fromMs,
            Math.min(toMs, nowMs),
            // History written before the device was registered (the demo's backfill, an
            // imported week) counts from its first sample.
            Math.min(d.createdMs, points.get(d.id)?.[0]?.[0] ?? Infinity),
          ),
        ),
      ),
    };
  };
  const servers = shares('server', period.serverPresence);
  const equipment = shares('equipment', period.equipmentPresence);
  return {
    fromMs,
    toMs,
    itEnergyKwh,
    itSource: it.source,
    peakItKw: peak(sumSeries(it.series)),
    heatRemovedKwh,
    peakHeatKw: peak(sumSeries(heat)),
    captureRatio: ratio(heatRemovedKwh, itEnergyKwh),
    heatToAirKwh:
      itEnergyKwh === null || heatRemovedKwh === null
        ? null
        : Math.max(0, itEnergyKwh - heatRemovedKwh),
    alerts: alertFigures(period.transitions, fromMs, toMs, nowMs),
    serverOnlineShare: servers.share,
    servers: servers.count,
    equipmentCommunicationShare: equipment.share,
    equipment: equipment.count,
  };
}

/** The whole report from its inputs. */
export function executiveReport(inputs: ReportInputs): ExecutiveReport {
  const { current } = inputs;
  const rooms = new Map<string, { heatKw: Point[]; valvePercent: Point[] }[]>();
  for (const device of inputs.devices) {
    if (device.type !== 'pcdu') continue;
    const room = device.room ?? 'No room';
    const points = (list: Series[]) => list.find((s) => s.deviceId === device.id)?.points ?? [];
    rooms.set(room, [
      ...(rooms.get(room) ?? []),
      { heatKw: points(current.coolingPowerKw), valvePercent: points(current.valvePercent) },
    ]);
  }
  return {
    organisation: inputs.organisation.name,
    demo: inputs.organisation.demo,
    fromMs: inputs.fromMs,
    toMs: inputs.toMs,
    generatedMs: inputs.nowMs,
    current: periodFigures(inputs, current),
    previous: periodFigures(inputs, inputs.previous),
    daily: dailyEfficiency(
      itSeries(current, inputs.devices).series,
      current.coolingPowerKw.map((s) => s.points),
      inputs.energyStepMs,
      inputs.fromMs,
      Math.min(inputs.toMs, Math.max(inputs.fromMs, inputs.nowMs)),
    ),
    rooms: [...rooms.entries()]
      .map(([room, units]) => roomHeadroom(room, units))
      .sort((a, b) => a.room.localeCompare(b.room)),
  };
}
