import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import {
  AGENT_EQUIPMENT_PATH,
  AGENT_EQUIPMENT_READINGS_PATH,
  PCDU_DEFAULT_PROFILE,
  POLL_INTERVAL_MS,
  agentCommandResultPath,
  type AgentEquipmentJobs,
} from '@brezza/contract';
import {
  pcduHistory,
  pduHistory,
  runEquipment,
  startPcduSimulator,
  startPduSimulator,
  type EquipmentClient,
  type PduSimulator,
} from '@brezza/agent/equipment';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/columns.js';
import { createEquipmentRepository } from '../equipment/repository.js';
import { readingSamples } from '../equipment/samples.js';
import { generateSecret, hashSecret } from '../../lib/secrets.js';
import type { MetricSample } from '../../types.js';
import { SILENT_DEMO_SERVERS } from './agent.js';
import { demoServer, powerWatts } from './telemetry-model.js';

/** The demo's gateway: a server of the demo hierarchy whose "agent" runs inside this server. */
export const DEMO_GATEWAY = 'mil-web-01';
export const DEMO_PCDU = { name: 'pCDU Hall A', room: 'Hall A' };
export const DEMO_PDUS = [
  { name: 'PDU A-01', rack: 'A-01', offset: 1 },
  { name: 'PDU A-02', rack: 'A-02', offset: 2 },
];
export const DEMO_PDU_COMMUNITY = 'public';
export const DEMO_HOST = '127.0.0.1';
/** The gateway's app token, kept for the next start (mode 0600, development only). */
export const DEMO_GATEWAY_TOKEN_FILE = 'demo-gateway-token.txt';
/**
 * Share of a demo server's power that its cold plates put into the pCDU's loop; the rest (power
 * supplies, memory, disks, fans) goes to the room's air, as with direct-to-chip cooling.
 */
export const DEMO_LIQUID_SHARE = 0.8;
const BACKFILL_DAYS = 7;
const BACKFILL_STEP_S = 300;

export interface DemoUnits {
  gatewayServerId: number;
  /** Each unit with the names of the demo servers it cools (the room's) or feeds (the rack's). */
  pcdu: { id: number; port: number; serverNames: string[] };
  pdus: { id: number; port: number; serverNames: string[] }[];
}

/**
 * The demo organisation's equipment: one pCDU in Hall A and a PDU in racks A-01 and A-02, all
 * on 127.0.0.1 (the pCDU's Modbus port is `pcduPort`, the PDUs' SNMP ports the next two), read
 * by the agent of `mil-web-01`. Adds what is missing and points the units at the configured
 * ports; answers what the simulators need, or null when the demo hierarchy is not there.
 */
export async function seedDemoEquipment(
  db: Kysely<DB>,
  organisationId: number,
  pcduPort: number,
): Promise<DemoUnits | null> {
  const gateway = await db
    .selectFrom('servers')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('server_name', '=', DEMO_GATEWAY)
    .executeTakeFirst();
  if (!gateway) return null;
  const repository = createEquipmentRepository(db);
  const existing = await repository.list(organisationId);
  const namesIn = async (column: 'rack_id' | 'room_id', id: number | null) => {
    if (id === null) return [];
    const query =
      column === 'rack_id'
        ? db.selectFrom('servers').where('rack_id', '=', id)
        : db
            .selectFrom('servers')
            .innerJoin('racks', 'racks.id', 'servers.rack_id')
            .where('racks.room_id', '=', id);
    const rows = await query
      .select('servers.server_name')
      .where('device_type', '=', 'server')
      .orderBy('servers.server_name')
      .execute();
    return rows.map((row) => row.server_name);
  };
  const place = async (table: 'rooms' | 'racks', name: string) =>
    (
      await db
        .selectFrom(table)
        .select('id')
        .where('organisation_id', '=', organisationId)
        .where('name', '=', name)
        .executeTakeFirst()
    )?.id ?? null;

  const ensure = async (
    type: 'pcdu' | 'pdu',
    name: string,
    port: number,
    placement: { rackId: number | null; roomId: number | null },
  ) => {
    const found = existing.find((unit) => unit.name === name && unit.type === type);
    if (found) {
      await db.updateTable('equipment').set({ port }).where('server_id', '=', found.id).execute();
      return found.id;
    }
    return repository.insert(organisationId, {
      type,
      name,
      ...placement,
      profile: type === 'pcdu' ? PCDU_DEFAULT_PROFILE.id : 'apc-rpdu2',
      host: DEMO_HOST,
      port,
      unitId: type === 'pcdu' ? PCDU_DEFAULT_PROFILE.defaultUnitId : null,
      snmp:
        type === 'pdu' ? JSON.stringify({ version: '2c', community: DEMO_PDU_COMMUNITY }) : null,
      gatewayServerId: gateway.id,
      at: nowIso(),
    });
  };

  const roomId = await place('rooms', DEMO_PCDU.room);
  const pcduId = await ensure('pcdu', DEMO_PCDU.name, pcduPort, { rackId: null, roomId });
  const pdus = [];
  for (const pdu of DEMO_PDUS) {
    const rackId = await place('racks', pdu.rack);
    const id = await ensure('pdu', pdu.name, pcduPort + pdu.offset, { rackId, roomId: null });
    pdus.push({ id, port: pcduPort + pdu.offset, serverNames: await namesIn('rack_id', rackId) });
  }
  return {
    gatewayServerId: gateway.id,
    pcdu: { id: pcduId, port: pcduPort, serverNames: await namesIn('room_id', roomId) },
    pdus,
  };
}

/** The gateway's app token: the one kept in DATA_DIR while it is still live, else a new one. */
export async function demoGatewayToken(
  db: Kysely<DB>,
  dataDir: string,
  organisationId: number,
  gatewayServerId: number,
): Promise<string> {
  const file = path.join(dataDir, DEMO_GATEWAY_TOKEN_FILE);
  const saved = (await fs.readFile(file, 'utf8').catch(() => '')).trim();
  if (saved) {
    const row = await db
      .selectFrom('app_tokens')
      .select('id')
      .where('token_hash', '=', hashSecret(saved))
      .where('server_id', '=', gatewayServerId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (row) return saved;
  }
  const server = await db
    .selectFrom('servers')
    .select(['machine_id', 'server_name'])
    .where('id', '=', gatewayServerId)
    .executeTakeFirstOrThrow();
  const token = generateSecret('brz_');
  const now = nowIso();
  await db
    .insertInto('app_tokens')
    .values({
      organisation_id: organisationId,
      created_by: null,
      token_hash: hashSecret(token),
      created_at: now,
      // The in-process gateway is not an installer: its token is bound from the start.
      expires_at: now,
      first_used_at: now,
      bound_machine_id: server.machine_id,
      server_id: gatewayServerId,
      registered_name: server.server_name,
      revoked_at: null,
    })
    .execute();
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, `${token}\n`, { mode: 0o600 });
  return token;
}

/**
 * Seven days of history from the simulators' own models (decoded as a poll decodes them), every
 * five minutes, so that charts have something to show on a fresh demo: the pCDU under the load
 * of the servers in its room, each PDU under its rack's.
 */
export function backfillSamples(
  organisationId: number,
  units: DemoUnits,
  nowMs: number,
): MetricSample[] {
  const range = {
    fromMs: nowMs - BACKFILL_DAYS * 86_400_000,
    toMs: nowMs - 60_000,
    stepSeconds: BACKFILL_STEP_S,
  };
  const samples: MetricSample[] = [];
  for (const reading of pcduHistory({ ...range, heatLoadKw: pcduLoadKw(units.pcdu) })) {
    samples.push(
      ...readingSamples(organisationId, 'pcdu', { equipmentId: units.pcdu.id, ...reading }),
    );
  }
  for (const unit of units.pdus) {
    for (const reading of pduHistory({ ...range, loadKw: pduLoadKw(unit) })) {
      samples.push(...readingSamples(organisationId, 'pdu', { equipmentId: unit.id, ...reading }));
    }
  }
  return samples;
}

/**
 * The demo servers' own power model (the one their charts show), so that the units agree with
 * the servers: a PDU's outlets carry its rack's servers, and the pCDU takes the liquid-cooled
 * share of its room's.
 */
function itLoadKw(serverNames: readonly string[]): (nowMs: number) => number {
  // A returned unit sits unplugged in its rack.
  const servers = serverNames.filter((name) => !SILENT_DEMO_SERVERS.has(name)).map(demoServer);
  return (nowMs) => servers.reduce((kw, server) => kw + powerWatts(server, nowMs), 0) / 1000;
}
const pcduLoadKw = (unit: { serverNames: string[] }) => {
  const it = itLoadKw(unit.serverNames);
  return (nowMs: number) => DEMO_LIQUID_SHARE * it(nowMs);
};
const pduLoadKw = (unit: { serverNames: string[] }) => itLoadKw(unit.serverNames);

/** The agent's equipment calls over HTTP to this server, as a gateway's agent makes them. */
export function httpEquipmentClient(baseUrl: string, token: string): EquipmentClient {
  async function call<T>(method: string, path: string, body?: unknown, signal?: AbortSignal) {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const answer = (await response.json().catch(() => ({}))) as T & { error?: string };
    if (!response.ok) throw new Error(answer.error ?? `HTTP ${response.status}`);
    return answer;
  }
  return {
    equipmentJobs: (signal) =>
      call<AgentEquipmentJobs>('GET', AGENT_EQUIPMENT_PATH, undefined, signal),
    pushReadings: (body, signal) => call('POST', AGENT_EQUIPMENT_READINGS_PATH, body, signal),
    commandResult: (id, body, signal) => call('POST', agentCommandResultPath(id), body, signal),
  };
}

export interface DemoEquipmentRun {
  stop(): Promise<void>;
}

/** Starts the demo's simulators and the in-process gateway agent polling them over the network. */
export async function runDemoEquipment(options: {
  units: DemoUnits;
  baseUrl: string;
  token: string;
  log: (line: string) => void;
  /**
   * Each unit's last stored energy reading (kWh): its meter carries on from the history rather
   * than starting again at 0, a reset that would read as an anomaly.
   */
  energyKwh: (unitId: number) => number | undefined;
}): Promise<DemoEquipmentRun> {
  const { units } = options;
  const pcdu = await startPcduSimulator({
    host: DEMO_HOST,
    port: units.pcdu.port,
    heatLoadKw: pcduLoadKw(units.pcdu),
    energyKwh: options.energyKwh(units.pcdu.id),
  });
  const pdus: PduSimulator[] = [];
  for (const unit of units.pdus) {
    pdus.push(
      await startPduSimulator({
        host: DEMO_HOST,
        port: unit.port,
        community: DEMO_PDU_COMMUNITY,
        loadKw: pduLoadKw(unit),
        energyKwh: options.energyKwh(unit.id),
      }),
    );
  }
  const stop = new AbortController();
  const running = runEquipment({
    client: httpEquipmentClient(options.baseUrl, options.token),
    signal: stop.signal,
    log: options.log,
    pushIntervalMs: POLL_INTERVAL_MS.pcdu,
  });
  return {
    async stop() {
      stop.abort();
      await running.catch(() => undefined);
      await Promise.all([pcdu.close(), ...pdus.map((pdu) => pdu.close())]);
    },
  };
}
