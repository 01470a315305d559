import {
  APC_RPDU2_PROFILE,
  type ReadingValue,
  type SimulatorFault,
  type SnmpProfile,
} from '@brezza/contract';
import { listenControlBeside } from './control-server.js';
import {
  DEFAULT_PDU_PARAMETERS,
  pduReadings,
  stepPdu,
  type PduParameters,
  type PduState,
} from './pdu-model.js';
import { listenSnmpAgent, type OidValues } from './snmp-agent.js';
import { decodeSnmp } from './snmp-map.js';
import { varyingHeatLoadKw } from '@brezza/cooling-model';

/**
 * `brezza-agent simulate pdu`: the PDU model behind an SNMP v2c agent laid out by a PDU profile
 * (APC rPDU2 unless given), with the HTTP control channel ('offline' and 'clear').
 */

export interface PduSimulatorOptions {
  host?: string;
  /** UDP port; 0 picks a free one. */
  port: number;
  controlPort?: number;
  community?: string;
  profile?: SnmpProfile;
  /** The rack's IT load in kW: a base (varied slowly) or the load now. */
  loadKw?: number | ((nowMs: number) => number);
  parameters?: Partial<PduParameters>;
  tickMs?: number;
  now?: () => number;
  /** The energy meter's reading at start (kWh), so that a restarted unit's meter carries on. */
  energyKwh?: number;
}

export interface PduSimulator {
  host: string;
  port: number;
  controlPort: number;
  community: string;
  injectFault(fault: SimulatorFault): void;
  state(): { offline: boolean; loadKw: number; readings: Record<string, number | string> };
  advance(seconds: number): void;
  close(): Promise<void>;
}

export const DEFAULT_PDU_LOAD_KW = 6;
export const PDU_FAULTS: readonly SimulatorFault[] = ['offline', 'clear'];

/** The OID → raw integer table a profile's templates describe for these readings. */
export function pduOidValues(
  profile: SnmpProfile,
  params: PduParameters,
  readings: Record<string, number | string>,
): OidValues {
  const values: OidValues = new Map();
  for (const metric of profile.metrics) {
    const count =
      metric.scope === 'outlet' ? params.outlets : metric.scope === 'phase' ? params.phases : 1;
    for (let i = 1; i <= count; i += 1) {
      const reading = readings[metric.sensor.replace('{i}', String(i))];
      if (reading === undefined) continue;
      let raw: number;
      if (typeof reading === 'string') {
        const entry = Object.entries(metric.states ?? {}).find(([, word]) => word === reading);
        if (!entry) continue;
        raw = Number(entry[0]);
      } else {
        raw = Math.round(reading / (metric.scale ?? 1));
      }
      values.set(metric.oid.replace('{i}', String(i)), raw);
    }
  }
  return values;
}

/** A simulated PDU's readings between two times, decoded through the profile as a poll is. */
export function* pduHistory(options: {
  fromMs: number;
  toMs: number;
  stepSeconds?: number;
  loadKw?: number | ((nowMs: number) => number);
  profile?: SnmpProfile;
  parameters?: Partial<PduParameters>;
}): Generator<{ timestampMs: number; values: Record<string, ReadingValue> }> {
  const profile = options.profile ?? APC_RPDU2_PROFILE;
  const params = { ...DEFAULT_PDU_PARAMETERS, ...options.parameters };
  const load = options.loadKw ?? DEFAULT_PDU_LOAD_KW;
  const loadW = (ms: number) =>
    1000 * (typeof load === 'function' ? load(ms) : varyingHeatLoadKw(load, ms / 1000));
  const stepSeconds = options.stepSeconds ?? 60;
  let state: PduState = { energyKwh: 0, off: new Set() };
  for (let at = options.fromMs; at <= options.toMs; at += stepSeconds * 1000) {
    const readings = pduReadings(state, params, loadW(at));
    yield {
      timestampMs: at,
      values: decodeSnmp(profile.metrics, pduOidValues(profile, params, readings)),
    };
    state = stepPdu(state, params, loadW(at), stepSeconds);
  }
}

export async function startPduSimulator(options: PduSimulatorOptions): Promise<PduSimulator> {
  const host = options.host ?? '127.0.0.1';
  const profile = options.profile ?? APC_RPDU2_PROFILE;
  const community = options.community ?? 'public';
  const params = { ...DEFAULT_PDU_PARAMETERS, ...options.parameters };
  const now = options.now ?? Date.now;
  const load = options.loadKw ?? DEFAULT_PDU_LOAD_KW;
  const loadW = () =>
    1000 * (typeof load === 'function' ? load(now()) : varyingHeatLoadKw(load, now() / 1000));
  let state: PduState = { energyKwh: options.energyKwh ?? 0, off: new Set() };
  let offline = false;

  const advance = (seconds: number) => {
    state = stepPdu(state, params, loadW(), seconds);
  };
  let last = now();
  const timer = setInterval(() => {
    const at = now();
    advance(Math.min(10, (at - last) / 1000));
    last = at;
  }, options.tickMs ?? 1000);
  timer.unref();

  const simulator = {
    injectFault(fault: SimulatorFault) {
      if (!PDU_FAULTS.includes(fault)) {
        throw new Error(
          `The PDU simulator takes ${PDU_FAULTS.join(' or ')}; ${fault} is a pCDU fault.`,
        );
      }
      offline = fault === 'offline';
    },
    state: () => ({
      offline,
      loadKw: loadW() / 1000,
      readings: pduReadings(state, params, loadW()),
    }),
    advance,
  };
  const agent = await listenSnmpAgent({
    host,
    port: options.port,
    community,
    answering: () => !offline,
    values: () => pduOidValues(profile, params, pduReadings(state, params, loadW())),
  });
  const control = await listenControlBeside(
    simulator,
    {
      host,
      requestedPort: options.port,
      protocolPort: agent.port,
      controlPort: options.controlPort,
    },
    async () => {
      clearInterval(timer);
      await agent.close();
    },
  );
  return {
    ...simulator,
    host,
    port: agent.port,
    controlPort: control.port,
    community,
    async close() {
      clearInterval(timer);
      await Promise.all([agent.close(), control.close()]);
    },
  };
}
