import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EFFICIENCY_MESSAGES,
  PCDU_DEFAULT_PROFILE,
  planRequiredMessage,
  type CoolingPerformance,
  type CurrentPlan,
  type Efficiency,
  type EfficiencyRanking,
  type EfficiencySettings,
  type EnergyFlow,
  type EquipmentSummary,
} from '@brezza/contract';
import {
  createModbusConnection,
  pcduHistory,
  pduHistory,
  startPcduSimulator,
} from '@brezza/agent/equipment';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';
import { gatewayWithPcdu } from './helpers/alerts.js';
import { buildServer } from './helpers/hierarchy.js';

let t: TestApp;
let admin: Operator;
let agent: Record<string, string>;
let pcdu: EquipmentSummary;
let pdu: EquipmentSummary;
let meter: EquipmentSummary;
let gatewayServerId: number;
const ids = { datacenter: 0, room: 1, rackA: 0, rackB: 0, otherRoom: 0, utility: 0 };

const MINUTE = 60_000;
/** The period the fixtures fill: the last 30 minutes. */
const now = Date.now();
const from = now - 30 * MINUTE;
/** The pCDU's heat load, the PDU's load and the two servers' wall power (kW). */
const PCDU_LOAD_KW = 4.5;
const PDU_LOAD_KW = 4;
const SERVER_WATTS = 500;

async function setPlan(plan: CurrentPlan) {
  await t.app.database.db
    .updateTable('organisations')
    .set({ plan })
    .where('id', '=', admin.organisationId)
    .execute();
}

async function post<T>(url: string, payload: Record<string, unknown>): Promise<T> {
  const response = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<T>();
}

const get = (url: string, headers = admin.headers) => t.app.inject({ method: 'GET', url, headers });

async function pushReadings(
  equipmentId: number,
  readings: Iterable<{ timestampMs: number; values: Record<string, unknown> }>,
) {
  const all = [...readings].map((r) => ({ equipmentId, ...r }));
  for (let i = 0; i < all.length; i += 200) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/agent/equipment/readings',
      headers: agent,
      payload: { readings: all.slice(i, i + 200) },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

const period = (fromMs: number, toMs: number) =>
  `from=${new Date(fromMs).toISOString()}&to=${new Date(toMs).toISOString()}`;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createOperator(t);
  ({ headers: agent } = await gatewayWithPcdu(t.app, admin));
  const gateway = await t.app.database.db
    .selectFrom('servers')
    .select('id')
    .where('organisation_id', '=', admin.organisationId)
    .where('server_name', '=', 'gateway-1')
    .executeTakeFirstOrThrow();
  gatewayServerId = gateway.id;
  ids.datacenter = (
    await post<{ id: number }>('/api/datacenters', { name: 'Milan', location: 'Milan' })
  ).id;
  ids.room = (
    await post<{ id: number }>('/api/rooms', { name: 'Hall A', datacenterId: ids.datacenter })
  ).id;
  ids.otherRoom = (
    await post<{ id: number }>('/api/rooms', { name: 'Hall B', datacenterId: ids.datacenter })
  ).id;
  ids.rackA = (await post<{ id: number }>('/api/racks', { name: 'A-01', roomId: ids.room })).id;
  ids.rackB = (await post<{ id: number }>('/api/racks', { name: 'A-02', roomId: ids.room })).id;
  pcdu = await post<EquipmentSummary>('/api/equipment', {
    type: 'pcdu',
    name: 'pCDU Hall A',
    host: '127.0.0.1',
    port: 1502,
    gatewayServerId,
    roomId: ids.room,
  });
  // The facility meter hangs in a rack of its own, outside the rooms.
  ids.utility = (await post<{ id: number }>('/api/racks', { name: 'Utility' })).id;
  const pduBody = (name: string, port: number, rackId: number) => ({
    type: 'pdu',
    name,
    host: '127.0.0.1',
    port,
    gatewayServerId,
    rackId,
    snmp: { version: '2c', community: 'public' },
  });
  pdu = await post<EquipmentSummary>('/api/equipment', pduBody('PDU A-01', 1161, ids.rackA));
  meter = await post<EquipmentSummary>(
    '/api/equipment',
    pduBody('Facility meter', 1162, ids.utility),
  );

  // The rack with a PDU: its outlets; the rack without one: its servers' own meters.
  await pushReadings(
    pcdu.id,
    pcduHistory({ fromMs: from, toMs: now, stepSeconds: 10, heatLoadKw: () => PCDU_LOAD_KW }),
  );
  await pushReadings(
    pdu.id,
    pduHistory({ fromMs: from, toMs: now, stepSeconds: 30, loadKw: () => PDU_LOAD_KW }),
  );
  await pushReadings(
    meter.id,
    pduHistory({ fromMs: from, toMs: now, stepSeconds: 30, loadKw: () => 12 }),
  );
  const servers = [
    await buildServer(t, admin.organisationId, { rackId: ids.rackB }),
    await buildServer(t, admin.organisationId, { rackId: ids.rackB }),
  ];
  const samples = servers.flatMap((deviceId) =>
    Array.from({ length: 60 }, (_, i) => ({
      organisationId: admin.organisationId,
      deviceId,
      metric: 'power_watts',
      labels: { source: 'hwmon', domain: 'power_meter' },
      timestampMs: from + i * 30_000,
      value: SERVER_WATTS,
    })),
  );
  await t.app.metricsStore.write(samples);
  await setPlan('oro');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('plan gating', () => {
  it('refuses every efficiency call without the Oro plan, naming the plan', async () => {
    await setPlan('argent');
    const q = period(from, now);
    const refused = [
      [`/api/equipment/${pcdu.id}/cooling-performance?${q}`, 'coolingPerformance'],
      [`/api/efficiency?scope=room:${ids.room}&${q}`, 'efficiency'],
      [`/api/efficiency/energy-flow?scope=room:${ids.room}&${q}`, 'energyFlow'],
      [`/api/efficiency/ranking?${q}`, 'efficiency'],
      ['/api/efficiency/settings', 'efficiency'],
    ] as const;
    for (const [url, feature] of refused) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ error: planRequiredMessage(feature) });
    }
    expect(planRequiredMessage('coolingPerformance')).toBe(
      'Cooling performance needs the Oro plan.',
    );
    await setPlan('oro');
  });
});

describe('GET /api/equipment/{id}/cooling-performance', () => {
  it('computes heat removed on the water side and agrees with a healthy unit', async () => {
    const response = await get(
      `/api/equipment/${pcdu.id}/cooling-performance?${period(from, now)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<CoolingPerformance>();
    expect(body.heatRemovedKw).toBeCloseTo(PCDU_LOAD_KW, 0);
    expect(body.reportedCoolingKw).toBeCloseTo(PCDU_LOAD_KW, 0);
    expect(Math.abs(body.disagreementPercent!)).toBeLessThan(2);
    expect(body.flagged).toBe(false);
    expect(body.approachK).toBeGreaterThan(0);
    expect(body.electricalKw).toBeCloseTo(0.36, 2);
    expect(body.coolingOverheadRatio).toBeCloseTo(1 + 0.36 / body.heatRemovedKw!, 3);
    // 80 L/min with the valve open at the ΔT setpoint of 15 K.
    expect(body.fullOpenFlowLpm).toBeCloseTo(80, 0);
    expect(body.coolingCapacityKw).toBeCloseTo(83.3, 0);
    expect(body.series.length).toBeGreaterThan(100);
    expect(body.stepSeconds).toBe(10);
  });

  it('answers 404 for a unit that is not a pCDU, 400 for a bad period', async () => {
    const notPcdu = await get(`/api/equipment/${pdu.id}/cooling-performance?${period(from, now)}`);
    expect(notPcdu.statusCode).toBe(404);
    expect(notPcdu.json()).toEqual({ error: EFFICIENCY_MESSAGES.notPcdu });
    const backwards = await get(
      `/api/equipment/${pcdu.id}/cooling-performance?${period(now, from)}`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ error: 'to must be after from.' });
    const tooLong = await get(
      `/api/equipment/${pcdu.id}/cooling-performance?${period(now - 100 * 86_400_000, now)}`,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ error: EFFICIENCY_MESSAGES.periodTooLong });
  });
});

describe('GET /api/efficiency', () => {
  it("sums a room's IT power from PDU outlets and server meters, against its pCDU's heat", async () => {
    const response = await get(`/api/efficiency?scope=room:${ids.room}&${period(from, now)}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Efficiency>();
    expect(body.scope).toEqual({ kind: 'room', id: ids.room, name: 'Hall A' });
    expect(body.itPowerSources).toEqual({ pduRacks: 1, serverMeteredRacks: 1, unmeteredRacks: 0 });
    const it = PDU_LOAD_KW + (2 * SERVER_WATTS) / 1000;
    expect(body.current.itPowerKw).toBeCloseTo(it, 0);
    expect(body.current.heatRemovedKw).toBeCloseTo(PCDU_LOAD_KW, 0);
    expect(body.current.liquidSharePercent).toBeCloseTo((100 * PCDU_LOAD_KW) / it, -1);
    expect(body.current.coolingCapacityKw).toBeCloseTo(83.3, 0);
    expect(body.current.headroomKw! + body.current.peakHeatRemovedKw!).toBeCloseTo(
      body.current.coolingCapacityKw!,
      6,
    );
    expect(body.current.coolingOverheadRatio).toBeCloseTo((it + 0.36) / it, 2);
    expect(body.current.itEnergyKwh).toBeCloseTo(it * 0.5, 0);
    // Nothing was measured in the half hour before (but the minute rollup its end shares).
    expect(body.previous.itEnergyKwh ?? 0).toBeLessThan(0.1 * body.current.itEnergyKwh!);
    expect(body.pue).toBeNull();
    expect(body.series.length).toBeGreaterThan(20);
    expect(body.pcdus).toEqual([expect.objectContaining({ id: pcdu.id, name: 'pCDU Hall A' })]);
  });

  it('a rack with a PDU counts only its outlets', async () => {
    const body = (
      await get(`/api/efficiency?scope=rack:${ids.rackA}&${period(from, now)}`)
    ).json<Efficiency>();
    expect(body.current.itPowerKw).toBeCloseTo(PDU_LOAD_KW, 0);
    expect(body.current.heatRemovedKw).toBeNull();
  });

  it('refuses a scope that is not one of the organisation', async () => {
    const unknown = await get(`/api/efficiency?scope=room:999999&${period(from, now)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: EFFICIENCY_MESSAGES.scopeNotFound });
    const bad = await get(`/api/efficiency?scope=hall:1&${period(from, now)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: EFFICIENCY_MESSAGES.scope });
  });

  it('PUE from a declared figure, or from a facility meter', async () => {
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/efficiency/settings/${ids.datacenter}`,
        headers: admin.headers,
        payload,
      });
    const both = await put({ declaredPue: 1.4, facilityMeterDeviceId: meter.id });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ error: EFFICIENCY_MESSAGES.oneSource });
    const tooLow = await put({ declaredPue: 0.8 });
    expect(tooLow.json()).toEqual({ error: EFFICIENCY_MESSAGES.pue });
    const notPdu = await put({ facilityMeterDeviceId: pcdu.id });
    expect(notPdu.statusCode).toBe(400);
    expect(notPdu.json()).toEqual({ error: EFFICIENCY_MESSAGES.meterNotFound });

    expect((await put({ declaredPue: 1.4 })).statusCode).toBe(200);
    const declared = (
      await get(`/api/efficiency?scope=datacenter:${ids.datacenter}&${period(from, now)}`)
    ).json<Efficiency>();
    expect(declared.pue).toEqual({ value: 1.4, source: 'declared', facilityKw: null });

    const metered = await put({ facilityMeterDeviceId: meter.id });
    expect(metered.statusCode, metered.body).toBe(200);
    expect(metered.json<EfficiencySettings>().datacenters[0]).toMatchObject({
      declaredPue: null,
      facilityMeterName: 'Facility meter',
    });
    const body = (
      await get(`/api/efficiency?scope=datacenter:${ids.datacenter}&${period(from, now)}`)
    ).json<Efficiency>();
    // The meter is not IT load: the datacenter's IT power is still the room's.
    expect(body.current.itPowerKw).toBeCloseTo(PDU_LOAD_KW + 1, 0);
    expect(body.pue!.source).toBe('metered');
    expect(body.pue!.facilityKw).toBeCloseTo(12, 0);
    expect(body.pue!.value).toBeCloseTo(body.pue!.facilityKw! / body.current.itPowerKw!, 6);
  });
});

describe('GET /api/efficiency/energy-flow and /ranking', () => {
  it("balances a room's energy: IT → liquid loop → facility water, the rest to air", async () => {
    const response = await get(
      `/api/efficiency/energy-flow?scope=room:${ids.room}&${period(from, now)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { links } = response.json<EnergyFlow>();
    const link = (source: string, target: string) =>
      links.find((l) => l.source === source && l.target === target);
    expect(link('itPower', 'liquidLoop')!.kw).toBeGreaterThan(3.5);
    expect(link('itPower', 'roomAir')!.kw).toBeGreaterThan(0.5);
    expect(link('coolingElectrical', 'liquidLoop')!.kw).toBeCloseTo(0.36, 2);
    expect(link('liquidLoop', 'facilityWater')!.kwh).toBeCloseTo(
      link('liquidLoop', 'facilityWater')!.kw * 0.5,
      6,
    );
  });

  it('ranks rooms and datacenters, the ones without figures last and unranked', async () => {
    const response = await get(`/api/efficiency/ranking?${period(from, now)}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<EfficiencyRanking>();
    expect(body.rooms.map((r) => [r.name, r.rank])).toEqual([
      ['Hall A', 1],
      ['Hall B', null],
    ]);
    expect(body.rooms[0]!.datacenterName).toBe('Milan');
    expect(body.datacenters[0]).toMatchObject({ name: 'Milan', rank: 1 });
  });
});

describe('sensor drift on a simulated pCDU', () => {
  it('is flagged within 2 minutes of the fault, read over Modbus and pushed as a gateway does', async () => {
    let clock = Date.now() - 20 * MINUTE;
    const simulator = await startPcduSimulator({
      port: 0,
      // The demo's Hall A load; the test's clock drives the model, not the wall clock.
      heatLoadKw: () => 6.4,
      now: () => clock,
      tickMs: 3_600_000,
    });
    const connection = createModbusConnection(
      { host: '127.0.0.1', port: simulator.port, unitId: PCDU_DEFAULT_PROFILE.defaultUnitId },
      2000,
    );
    const unit = await post<EquipmentSummary>('/api/equipment', {
      type: 'pcdu',
      name: 'pCDU drift',
      host: '127.0.0.1',
      port: simulator.port,
      gatewayServerId,
    });
    try {
      const run = async (seconds: number) => {
        const readings = [];
        for (let s = 0; s < seconds; s += 2) {
          simulator.advance(2);
          clock += 2000;
          readings.push({
            timestampMs: clock,
            values: await connection.poll(PCDU_DEFAULT_PROFILE),
          });
        }
        await pushReadings(unit.id, readings);
      };
      const start = clock;
      await run(300);
      const faultAt = clock;
      const healthy = (
        await get(`/api/equipment/${unit.id}/cooling-performance?${period(start, faultAt)}`)
      ).json<CoolingPerformance>();
      expect(healthy.flagged).toBe(false);

      simulator.injectFault('sensor-drift');
      await run(180);
      const response = await get(
        `/api/equipment/${unit.id}/cooling-performance?${period(start, clock)}`,
      );
      const body = response.json<CoolingPerformance>();
      expect(body.flagged).toBe(true);
      expect(body.flaggedNow).toBe(true);
      const episode = body.episodes[0]!;
      // The inlet reads high: the water side computes less heat than the unit reports.
      expect(episode.worstPercent).toBeGreaterThan(10);
      const flaggedAt = Date.parse(episode.from) + body.sustainedSeconds * 1000;
      expect(flaggedAt - faultAt).toBeLessThanOrEqual(2 * MINUTE);
      expect(Date.parse(episode.from)).toBeGreaterThanOrEqual(faultAt - body.stepSeconds * 1000);
    } finally {
      connection.close();
      await simulator.close();
    }
  }, 60_000);
});
