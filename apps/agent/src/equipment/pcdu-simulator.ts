import {
  PCDU_DEFAULT_PROFILE,
  MODBUS_TYPE_WIDTH,
  type ModbusProfile,
  type ModbusRegister,
  type ReadingValue,
  type SimulatorFault,
} from '@brezza/contract';
import { listenControlBeside } from './control-server.js';
import {
  decodeProfile,
  emptyRawTables,
  rawToWords,
  rawValue,
  type ModbusTable,
} from './modbus-map.js';
import { listenModbusTcp, MODBUS_EXCEPTION, type ModbusDevice } from './modbus-server.js';
import {
  DEFAULT_PCDU_PARAMETERS,
  applyFault,
  initialPcduState,
  pcduReadings,
  stepPcdu,
  varyingHeatLoadKw,
  type PcduParameters,
  type PcduReadings,
  type PcduState,
} from '@brezza/cooling-model';

/**
 * `brezza-agent simulate pcdu`: the pCDU model behind a real Modbus TCP server, laid out by a
 * Modbus profile (the default one unless given), with the HTTP control channel for faults.
 */

export interface PcduSimulatorOptions {
  host?: string;
  /** Modbus TCP port; 0 picks a free one. */
  port: number;
  /** The control port; defaults to port + 10000 (a free one when port is 0). */
  controlPort?: number;
  profile?: ModbusProfile;
  /** A base load in kW (varied slowly, see varyingHeatLoadKw), or the load now. */
  heatLoadKw?: number | ((nowMs: number) => number);
  parameters?: Partial<PcduParameters>;
  /** Model step period; the model integrates real elapsed time. */
  tickMs?: number;
  now?: () => number;
  /** The energy meter's reading at start (kWh), so that a restarted unit's meter carries on. */
  energyKwh?: number;
}

export interface PcduSimulator {
  host: string;
  port: number;
  controlPort: number;
  injectFault(fault: SimulatorFault): void;
  /** The model's state and what its sensors read now. */
  state(): { faults: PcduState['faults']; heatLoadKw: number; readings: Record<string, unknown> };
  /** Advances the model by `seconds` at once (tests, and a warm start). */
  advance(seconds: number): void;
  close(): Promise<void>;
}

export const DEFAULT_PCDU_HEAT_LOAD_KW = 25;

/** Holding registers' power-on values (sensor name → raw). */
const HOLDING_DEFAULTS: Record<string, number> = {
  ControlMode: 0,
  SetpointSource: 0,
  ipAddress: 0xc0a8_0132, // 192.168.1.50
  subnetMask: 0xffff_ff00,
  gateway: 0xc0a8_0101,
  primaryDns: 0xc0a8_0101,
  secondaryDns: 0x0808_0808,
  interfaceStatus: 1,
};

function clampRaw(register: ModbusRegister, raw: number): number {
  const rounded = Math.round(raw);
  switch (register.type) {
    case 'int16':
      return Math.min(0x7fff, Math.max(-0x8000, rounded));
    case 'uint16':
    case 'bool':
      return Math.min(0xffff, Math.max(0, rounded));
    default:
      return Math.min(0xffff_ffff, Math.max(0, rounded));
  }
}

/** A measurement register's words for the model's readings (names as the profile's sensors). */
export function measurementWords(
  profile: ModbusProfile,
  table: ModbusTable,
  readings: PcduReadings,
): Map<number, number> {
  const values = readings as unknown as Record<string, number | boolean | undefined>;
  const words = new Map<number, number>();
  for (const register of profile.registers.filter((r) => r.table === table)) {
    const value = values[register.sensor];
    if (value === undefined) continue;
    const raw =
      typeof value === 'boolean'
        ? Number(value)
        : register.states || register.type === 'float32'
          ? value
          : value / (register.scale ?? 1);
    rawToWords(register, register.type === 'float32' ? raw : clampRaw(register, raw)).forEach(
      (word, i) => words.set(register.address + i, word),
    );
  }
  return words;
}

/** The holding registers' power-on words (setpoints 3000 and 15.0 K, 192.168.1.50/24). */
export function defaultHoldingWords(profile: ModbusProfile): Map<number, number> {
  const state = initialPcduState();
  const words = new Map<number, number>();
  for (const register of profile.registers.filter((r) => r.table === 'holding')) {
    const raw =
      register.sensor === 'valveSetpoint'
        ? state.valveSetpointRaw
        : register.sensor === 'deltaTSetpoint'
          ? state.deltaTSetpointRaw
          : (HOLDING_DEFAULTS[register.sensor] ?? 0);
    rawToWords(register, raw).forEach((word, i) => words.set(register.address + i, word));
  }
  return words;
}

const HISTORY_STEP_S = 10;

export interface HistoryOptions {
  fromMs: number;
  toMs: number;
  /** One reading per step. */
  stepSeconds?: number;
}

/**
 * The readings a collector would have pushed from a simulated pCDU between two times (the
 * demo's backfilled history), decoded through the profile exactly as a poll is.
 */
export function* pcduHistory(
  options: HistoryOptions & {
    heatLoadKw?: number | ((nowMs: number) => number);
    profile?: ModbusProfile;
    parameters?: Partial<PcduParameters>;
  },
): Generator<{ timestampMs: number; values: Record<string, ReadingValue> }> {
  const profile = options.profile ?? PCDU_DEFAULT_PROFILE;
  const params = { ...DEFAULT_PCDU_PARAMETERS, ...options.parameters };
  const load = options.heatLoadKw ?? DEFAULT_PCDU_HEAT_LOAD_KW;
  const loadAt = (ms: number) =>
    typeof load === 'function' ? load(ms) : varyingHeatLoadKw(load, ms / 1000);
  const stepSeconds = options.stepSeconds ?? 60;
  let state = initialPcduState(params);
  for (let t = 0; t < 3 * 3600; t += 1) state = stepPcdu(state, params, loadAt(options.fromMs), 1);
  state = { ...state, energyKwh: 0 };
  const holding = defaultHoldingWords(profile);
  for (let at = options.fromMs; at <= options.toMs; at += stepSeconds * 1000) {
    const readings = pcduReadings(state, params, loadAt(at));
    const tables = emptyRawTables();
    tables.holding = holding;
    tables.input = measurementWords(profile, 'input', readings);
    tables.discrete = measurementWords(profile, 'discrete', readings);
    yield { timestampMs: at, values: decodeProfile(profile.registers, tables) };
    // 10 s steps: far inside the loop's stability limit, and 7 days take well under a second.
    for (let t = 0; t < stepSeconds; t += HISTORY_STEP_S) {
      const dt = Math.min(HISTORY_STEP_S, stepSeconds - t);
      state = stepPcdu(state, params, loadAt(at + t * 1000), dt);
    }
  }
}

export async function startPcduSimulator(options: PcduSimulatorOptions): Promise<PcduSimulator> {
  const host = options.host ?? '127.0.0.1';
  const profile = options.profile ?? PCDU_DEFAULT_PROFILE;
  const params = { ...DEFAULT_PCDU_PARAMETERS, ...options.parameters };
  const now = options.now ?? Date.now;
  const load = options.heatLoadKw ?? DEFAULT_PCDU_HEAT_LOAD_KW;
  const heatLoadKw = () =>
    typeof load === 'function' ? load(now()) : varyingHeatLoadKw(load, now() / 1000);
  const registerOf = (sensor: string) => profile.registers.find((r) => r.sensor === sensor);

  let state = initialPcduState(params);
  const holding = new Map<number, number>();
  const setHolding = (register: ModbusRegister, raw: number) =>
    rawToWords(register, raw).forEach((word, i) => holding.set(register.address + i, word));
  for (const [address, word] of defaultHoldingWords(profile)) holding.set(address, word);
  const holdingRaw = (register: ModbusRegister | undefined, words = holding) =>
    register
      ? rawValue(
          register,
          Array.from(
            { length: MODBUS_TYPE_WIDTH[register.type] },
            (_, i) => words.get(register.address + i) ?? 0,
          ),
        )
      : undefined;
  /** The model follows the holding registers it reads: setpoints and the control mode. */
  const syncFromHolding = () => {
    state = {
      ...state,
      valveSetpointRaw: holdingRaw(registerOf('valveSetpoint')) ?? state.valveSetpointRaw,
      deltaTSetpointRaw: holdingRaw(registerOf('deltaTSetpoint')) ?? state.deltaTSetpointRaw,
      controlMode: holdingRaw(registerOf('ControlMode')) === 1 ? 'MANUAL' : 'AUTO',
    };
  };

  const registerAt = (table: ModbusTable, address: number) =>
    profile.registers.find(
      (r) =>
        r.table === table &&
        address >= r.address &&
        address < r.address + MODBUS_TYPE_WIDTH[r.type],
    );

  const measuredWords = (table: ModbusTable) =>
    measurementWords(profile, table, pcduReadings(state, params, heatLoadKw()));

  const device: ModbusDevice = {
    unitId: profile.defaultUnitId,
    answering: () => !state.faults.offline,
    read(table, start, count) {
      for (let a = start; a < start + count; a += 1) {
        if (!registerAt(table, a)) return MODBUS_EXCEPTION.illegalDataAddress;
      }
      const words = table === 'holding' ? holding : measuredWords(table);
      return Array.from({ length: count }, (_, i) => words.get(start + i) ?? 0);
    },
    write(table, start, values) {
      const staged = new Map(holding);
      const touched = new Set<ModbusRegister>();
      for (let i = 0; i < values.length; i += 1) {
        const register = registerAt(table, start + i);
        // Only configuration registers are writable; measurements and unknown addresses are not.
        if (!register || register.table !== 'holding') return MODBUS_EXCEPTION.illegalDataAddress;
        if (values[i]! > 0xffff) return MODBUS_EXCEPTION.illegalDataValue;
        staged.set(start + i, values[i]!);
        touched.add(register);
      }
      for (const register of touched) {
        const raw = holdingRaw(register, staged)!;
        const outOfRange =
          (register.min !== undefined && raw < register.min) ||
          (register.max !== undefined && raw > register.max) ||
          (register.states !== undefined && register.states[String(raw)] === undefined);
        if (outOfRange) return MODBUS_EXCEPTION.illegalDataValue;
      }
      for (const [address, word] of staged) holding.set(address, word);
      const source = registerOf('SetpointSource');
      if (source && [...touched].some((r) => r.command === 'setpoints')) setHolding(source, 1);
      syncFromHolding();
    },
  };

  const advance = (seconds: number) => {
    const load = heatLoadKw();
    // Steps of at most 1 s keep the explicit integration far inside its stability limit.
    for (let left = seconds; left > 0; left -= 1) {
      state = stepPcdu(state, params, load, Math.min(1, left));
    }
  };
  // Start from the steady state of the current load, not from a cold loop.
  advance(3 * 3600);
  state = { ...state, energyKwh: options.energyKwh ?? 0 };

  let last = now();
  const timer = setInterval(() => {
    const at = now();
    advance(Math.min(10, (at - last) / 1000));
    last = at;
  }, options.tickMs ?? 500);
  timer.unref();

  const simulator = {
    injectFault(fault: SimulatorFault) {
      state = { ...state, faults: applyFault(state.faults, fault) };
    },
    state() {
      const load = heatLoadKw();
      return {
        faults: state.faults,
        heatLoadKw: load,
        readings: { ...pcduReadings(state, params, load) },
      };
    },
    advance,
  };
  const modbus = await listenModbusTcp(device, { host, port: options.port });
  const control = await listenControlBeside(
    simulator,
    {
      host,
      requestedPort: options.port,
      protocolPort: modbus.port,
      controlPort: options.controlPort,
    },
    async () => {
      clearInterval(timer);
      await modbus.close();
    },
  );
  return {
    ...simulator,
    host,
    port: modbus.port,
    controlPort: control.port,
    async close() {
      clearInterval(timer);
      await Promise.all([modbus.close(), control.close()]);
    },
  };
}
