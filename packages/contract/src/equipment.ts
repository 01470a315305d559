import { z } from 'zod';
import { NAME_MAX_LENGTH } from './limits.js';

/**
 * Equipment (issue 12): a pCDU or PDU is a device in the servers table with its own type, read
 * by the agent of a gateway server near it. Changes to it are commands: validated here (the same
 * messages in the browser and the server), recorded, queued to the gateway agent, written, read
 * back and acknowledged as applied or failed.
 */
export const EQUIPMENT_PATH = '/api/equipment';
export const equipmentPath = (id: number) => `${EQUIPMENT_PATH}/${id}`;
export const equipmentCommandsPath = (id: number) => `${EQUIPMENT_PATH}/${id}/commands`;

// ---------------------------------------------------------------------------------------------
// Device types.

export const DEVICE_TYPES = ['server', 'pcdu', 'pdu'] as const;
export const deviceTypeSchema = z.enum(DEVICE_TYPES);
export type DeviceType = z.infer<typeof deviceTypeSchema>;
export const EQUIPMENT_TYPES = ['pcdu', 'pdu'] as const;
export const equipmentTypeSchema = z.enum(EQUIPMENT_TYPES, { error: 'Type must be pCDU or PDU.' });
export type EquipmentType = z.infer<typeof equipmentTypeSchema>;

/** How the Devices table's Type column shows each type. */
export const DEVICE_TYPE_LABELS: Record<DeviceType, string> = {
  server: 'Server',
  pcdu: 'pCDU',
  pdu: 'PDU',
};

/** The pCDU is polled every 2 s over Modbus TCP, PDUs every 10 s over SNMP. */
export const POLL_INTERVAL_MS: Record<EquipmentType, number> = { pcdu: 2_000, pdu: 10_000 };
/** Values older than three missed polls are stale: the unit stopped answering. */
export const staleAfterMs = (type: EquipmentType) => POLL_INTERVAL_MS[type] * 3;
/** A command the gateway has not answered within this time fails, and is never retried. */
export const COMMAND_TIMEOUT_MS = 30_000;

/** Default Modbus TCP port and unit id of the pCDU (the simulator listens on 1502 locally). */
export const MODBUS_DEFAULT_PORT = 502;
export const MODBUS_DEFAULT_UNIT_ID = 1;
export const SNMP_DEFAULT_PORT = 161;

/** Device maps are data in the agent; these are the profiles the product ships. */
export const EQUIPMENT_PROFILES: readonly { id: string; type: EquipmentType; label: string }[] = [
  { id: 'brezza-pcdu', type: 'pcdu', label: 'Brezza pCDU (default register map)' },
  { id: 'apc-rpdu2', type: 'pdu', label: 'APC Rack PDU 2G (PowerNet-MIB rPDU2)' },
  { id: 'raritan-pdu2', type: 'pdu', label: 'Raritan PX (PDU2-MIB)' },
];
export const DEFAULT_PROFILE: Record<EquipmentType, string> = {
  pcdu: 'brezza-pcdu',
  pdu: 'apc-rpdu2',
};

// ---------------------------------------------------------------------------------------------
// Setpoints (SPEC §5, §9).

export const VALVE_SETPOINT_MIN = 0;
export const VALVE_SETPOINT_MAX = 10_000;
export const VALVE_SETPOINT_DEFAULT = 3_000;
export const DELTA_T_SETPOINT_MIN_K = 0;
export const DELTA_T_SETPOINT_MAX_K = 55;
export const DELTA_T_SETPOINT_DEFAULT_K = 15;

export const VALVE_SETPOINT_MESSAGE =
  'Valve setpoint must be from 0.00 to 100.00 % in steps of 0.01 % (0 to 10000).';
export const DELTA_T_SETPOINT_MESSAGE = 'ΔT setpoint must be from 0.0 to 55.0 K in steps of 0.1 K.';
export const SETPOINTS_EMPTY_MESSAGE = 'Give a valve setpoint, a ΔT setpoint or both.';

/** The valve setpoint as the operator types it (percent, two decimals) → the register value. */
export function valvePercentToSetpoint(percent: number): number {
  return Math.round(percent * 100);
}
export const valveSetpointToPercent = (setpoint: number) => setpoint / 100;

/** Whether `value` is a whole number of `step`s (tolerating binary floating-point noise). */
function onStep(value: number, step: number): boolean {
  const steps = value / step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

export const valveSetpointSchema = z
  .number({ error: VALVE_SETPOINT_MESSAGE })
  .int(VALVE_SETPOINT_MESSAGE)
  .min(VALVE_SETPOINT_MIN, VALVE_SETPOINT_MESSAGE)
  .max(VALVE_SETPOINT_MAX, VALVE_SETPOINT_MESSAGE);

export const deltaTSetpointSchema = z
  .number({ error: DELTA_T_SETPOINT_MESSAGE })
  .min(DELTA_T_SETPOINT_MIN_K, DELTA_T_SETPOINT_MESSAGE)
  .max(DELTA_T_SETPOINT_MAX_K, DELTA_T_SETPOINT_MESSAGE)
  .refine((value) => onStep(value, 0.1), { message: DELTA_T_SETPOINT_MESSAGE })
  // Stored and written in tenths of a kelvin: 15.000000001 is 15.0.
  .transform((value) => Math.round(value * 10) / 10);

export const setpointsSchema = z
  .object({
    valveSetpoint: valveSetpointSchema.optional(),
    deltaTSetpoint: deltaTSetpointSchema.optional(),
  })
  .refine((body) => body.valveSetpoint !== undefined || body.deltaTSetpoint !== undefined, {
    message: SETPOINTS_EMPTY_MESSAGE,
  });
export type Setpoints = z.infer<typeof setpointsSchema>;

// ---------------------------------------------------------------------------------------------
// Network settings (SPEC §3, §5).

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv4 address as a 32-bit number, or null when it is not dotted-quad text. */
export function parseIpv4(text: string): number | null {
  if (!IPV4.test(text)) return null;
  return text.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}
export const formatIpv4 = (value: number) =>
  [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');

/** The prefix length of a contiguous mask (ones then zeros), or null. */
export function maskPrefixLength(mask: number): number | null {
  for (let prefix = 0; prefix <= 32; prefix += 1) {
    if (mask === 2 ** 32 - 2 ** (32 - prefix)) return prefix;
  }
  return null;
}

export const NETWORK_MESSAGES = {
  ipAddress: 'IP address must be four numbers from 0 to 255 separated by dots, e.g. 192.168.1.50.',
  subnetMask: 'Subnet mask must be four numbers from 0 to 255 separated by dots, e.g. 255.255.255.0.',
  gateway: 'Gateway must be four numbers from 0 to 255 separated by dots, e.g. 192.168.1.1.',
  primaryDns: 'Primary DNS must be four numbers from 0 to 255 separated by dots, e.g. 192.168.1.1.',
  secondaryDns:
    'Secondary DNS must be four numbers from 0 to 255 separated by dots, or left empty.',
  maskNotContiguous: 'Subnet mask must be contiguous: ones then zeros, e.g. 255.255.255.0.',
  maskSize: 'Subnet mask must be from /8 (255.0.0.0) to /30 (255.255.255.252).',
  ipIsNetwork: 'IP address must not be the network address of its subnet.',
  ipIsBroadcast: 'IP address must not be the broadcast address of its subnet.',
  ipReserved: 'IP address must not be 0.x.x.x, loopback (127.x.x.x) or multicast.',
  gatewayOutside: 'Gateway must be inside the subnet of the IP address.',
  gatewayIsNetwork: 'Gateway must not be the network address of the subnet.',
  gatewayIsBroadcast: 'Gateway must not be the broadcast address of the subnet.',
  gatewayIsIp: 'Gateway must differ from the IP address.',
} as const;

export interface NetworkInput {
  ipAddress: string;
  subnetMask: string;
  gateway: string;
  primaryDns: string;
  secondaryDns?: string | null;
}

export interface NetworkIssue {
  field: keyof NetworkInput;
  message: string;
}

/** Every problem of a network configuration, by field, in the order a form shows them. */
export function networkIssues(input: NetworkInput): NetworkIssue[] {
  const issues: NetworkIssue[] = [];
  const parsed = (field: keyof NetworkInput, optional = false) => {
    const text = (input[field] ?? '').trim();
    if (optional && text === '') return null;
    const value = parseIpv4(text);
    if (value === null) issues.push({ field, message: NETWORK_MESSAGES[field] });
    return value;
  };
  const ip = parsed('ipAddress');
  const mask = parsed('subnetMask');
  const gateway = parsed('gateway');
  parsed('primaryDns');
  parsed('secondaryDns', true);

  let prefix: number | null = null;
  if (mask !== null) {
    prefix = maskPrefixLength(mask);
    if (prefix === null) {
      issues.push({ field: 'subnetMask', message: NETWORK_MESSAGES.maskNotContiguous });
    } else if (prefix < 8 || prefix > 30) {
      issues.push({ field: 'subnetMask', message: NETWORK_MESSAGES.maskSize });
      prefix = null;
    }
  }
  if (ip !== null) {
    const first = Math.floor(ip / 2 ** 24);
    if (first === 0 || first === 127 || first >= 224) {
      issues.push({ field: 'ipAddress', message: NETWORK_MESSAGES.ipReserved });
    }
  }
  if (ip === null || mask === null || prefix === null) return issues;

  const size = 2 ** (32 - prefix);
  const network = ip - (ip % size);
  const broadcast = network + size - 1;
  if (ip === network) issues.push({ field: 'ipAddress', message: NETWORK_MESSAGES.ipIsNetwork });
  if (ip === broadcast) {
    issues.push({ field: 'ipAddress', message: NETWORK_MESSAGES.ipIsBroadcast });
  }
  if (gateway !== null) {
    if (gateway < network || gateway > broadcast) {
      issues.push({ field: 'gateway', message: NETWORK_MESSAGES.gatewayOutside });
    } else if (gateway === network) {
      issues.push({ field: 'gateway', message: NETWORK_MESSAGES.gatewayIsNetwork });
    } else if (gateway === broadcast) {
      issues.push({ field: 'gateway', message: NETWORK_MESSAGES.gatewayIsBroadcast });
    } else if (gateway === ip) {
      issues.push({ field: 'gateway', message: NETWORK_MESSAGES.gatewayIsIp });
    }
  }
  return issues;
}

const addressText = z.string({ error: 'Addresses must be text.' }).trim();

export const networkSettingsSchema = z
  .object({
    ipAddress: addressText,
    subnetMask: addressText,
    gateway: addressText,
    primaryDns: addressText,
    secondaryDns: addressText.nullish().transform((value) => value || null),
  })
  .superRefine((body, ctx) => {
    for (const issue of networkIssues(body)) {
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    }
  });
export type NetworkSettings = z.infer<typeof networkSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// Commands.

export const COMMAND_KINDS = ['setpoints', 'network'] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];
export const COMMAND_STATUSES = ['pending', 'applied', 'failed'] as const;
export const commandStatusSchema = z.enum(COMMAND_STATUSES);
export type CommandStatus = z.infer<typeof commandStatusSchema>;

export const COMMAND_BODY_MESSAGE = 'Send either { "setpoints": {...} } or { "network": {...} }.';
export const COMMAND_PENDING_MESSAGE =
  'A change to this unit is still pending. Wait until it is applied or fails, then try again.';
export const COMMAND_TIMEOUT_REASON = 'No answer from the unit within 30 s.';
export const COMMAND_NO_GATEWAY_MESSAGE =
  'This unit has no gateway server: set one before changing it.';
export const COMMAND_UNSUPPORTED_MESSAGE = 'PDUs take no setpoint or network changes.';
export const GATEWAY_RESTARTED_REASON =
  'The gateway agent restarted before confirming the change; check the unit and send it again.';

export const commandBodySchema = z
  .object({ setpoints: z.unknown().optional(), network: z.unknown().optional() })
  .transform((body, ctx) => {
    const given = (['setpoints', 'network'] as const).filter((key) => body[key] !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({ code: 'custom', message: COMMAND_BODY_MESSAGE });
      return z.NEVER;
    }
    const result =
      given[0] === 'setpoints'
        ? setpointsSchema.safeParse(body.setpoints)
        : networkSettingsSchema.safeParse(body.network);
    if (!result.success) {
      ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? 'Invalid.' });
      return z.NEVER;
    }
    return given[0] === 'setpoints'
      ? { kind: 'setpoints' as const, setpoints: result.data as Setpoints }
      : { kind: 'network' as const, network: result.data as NetworkSettings };
  });
export type CommandBody = z.input<typeof commandBodySchema>;
export type ParsedCommand = z.output<typeof commandBodySchema>;

/** The command shapes for an outside reader (the OpenAPI document). */
export const commandBodyShapesSchema = z.union([
  z.object({
    setpoints: z.object({
      valveSetpoint: valveSetpointSchema.optional(),
      deltaTSetpoint: z.number().min(0).max(55).optional(),
    }),
  }),
  z.object({
    network: z.object({
      ipAddress: z.string(),
      subnetMask: z.string(),
      gateway: z.string(),
      primaryDns: z.string(),
      secondaryDns: z.string().nullable().optional(),
    }),
  }),
]);

export const commandSchema = z.object({
  id: z.number().int().positive(),
  equipmentId: z.number().int().positive(),
  kind: z.enum(COMMAND_KINDS),
  status: commandStatusSchema,
  /** Why it failed: the unit refused, the read-back differs, or no answer within 30 s. */
  reason: z.string().nullable(),
  /** What was asked, and what the unit held before (null when not yet known). */
  requested: z.record(z.string(), z.unknown()),
  previous: z.record(z.string(), z.unknown()).nullable(),
  requestedBy: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Command = z.infer<typeof commandSchema>;
export const commandsListSchema = z.object({ commands: z.array(commandSchema) });
export type CommandsList = z.infer<typeof commandsListSchema>;

// ---------------------------------------------------------------------------------------------
// Sensors: what the pages show for each reading, and its status colour.

export type SensorStatus = 'green' | 'yellow' | 'red' | 'unknown';

export interface SensorDefinition {
  key: string;
  label: string;
  unit: string;
  /** Decimals shown. */
  decimals: number;
  /** Green inside `normal`, yellow inside `warning`, red outside it. */
  normal?: readonly [number, number];
  warning?: readonly [number, number];
  /** A state sensor's texts by value, and each value's colour. */
  states?: Readonly<Record<number, { text: string; status: SensorStatus }>>;
  /** The System Health subsystem this sensor belongs to. */
  subsystem: Subsystem;
}

export const SUBSYSTEMS = ['cooling', 'water', 'pressure', 'power', 'control'] as const;
export type Subsystem = (typeof SUBSYSTEMS)[number];
export const SUBSYSTEM_LABELS: Record<Subsystem, string> = {
  cooling: 'Refrigerant cooling',
  water: 'Water circuit and leak detection',
  pressure: 'Facility pressure',
  power: 'Power supplies',
  control: 'Controller',
};

const ok = { text: 'OK', status: 'green' } as const;

/** The pCDU's sensors by the names of SPEC §2 (and the dashboard's derived values). */
export const PCDU_SENSORS: readonly SensorDefinition[] = [
  { key: 'psu1', label: 'PSU1', unit: '', decimals: 0, subsystem: 'power', states: { 0: ok, 1: { text: 'ERROR', status: 'red' } } },
  { key: 'psu2', label: 'PSU2', unit: '', decimals: 0, subsystem: 'power', states: { 0: ok, 1: { text: 'Warning', status: 'yellow' } } },
  { key: 'refrigerant_supply_temperature', label: 'Refrigerant supply temperature', unit: '°C', decimals: 1, subsystem: 'cooling', normal: [12, 24], warning: [8, 28] },
  { key: 'refrigerant_return_temperature', label: 'Refrigerant return temperature', unit: '°C', decimals: 1, subsystem: 'cooling', normal: [18, 40], warning: [12, 45] },
  { key: 'delta_t', label: 'ΔT (return − supply)', unit: 'K', decimals: 1, subsystem: 'cooling', normal: [3, 25], warning: [1, 30] },
  { key: 'ambtemp', label: 'Ambient temperature', unit: '°C', decimals: 1, subsystem: 'cooling', normal: [15, 32], warning: [10, 38] },
  { key: 'water_inlet_temperature', label: 'Water inlet temperature', unit: '°C', decimals: 1, subsystem: 'water', normal: [10, 32], warning: [5, 38] },
  { key: 'water_outlet_temperature', label: 'Water outlet temperature', unit: '°C', decimals: 1, subsystem: 'water', normal: [12, 42], warning: [8, 48] },
  { key: 'facility_supply_pressure_voltage', label: 'Facility supply pressure (transducer)', unit: 'V', decimals: 2, subsystem: 'pressure', normal: [0.5, 4.5], warning: [0.3, 4.8] },
  { key: 'facility_return_pressure_voltage', label: 'Facility return pressure (transducer)', unit: 'V', decimals: 2, subsystem: 'pressure', normal: [0.5, 4.5], warning: [0.3, 4.8] },
  { key: 'facility_supply_pressure_psi', label: 'Facility supply pressure', unit: 'PSI', decimals: 1, subsystem: 'pressure', normal: [20, 80], warning: [10, 95] },
  { key: 'facility_return_pressure_psi', label: 'Facility return pressure', unit: 'PSI', decimals: 1, subsystem: 'pressure', normal: [10, 70], warning: [5, 85] },
  { key: 'wflow', label: 'Water flow', unit: 'L/min', decimals: 1, subsystem: 'water', normal: [10, 250], warning: [3, 300] },
  { key: 'ref_m', label: 'Refrigerant flow', unit: 'kg/min', decimals: 2, subsystem: 'cooling', normal: [0.5, 60], warning: [0.1, 80] },
  { key: 'valveSetpoint', label: 'Valve setpoint', unit: '%', decimals: 2, subsystem: 'control' },
  { key: 'valveNow', label: 'Valve position', unit: '%', decimals: 2, subsystem: 'control', normal: [0, 95], warning: [0, 99.5] },
  { key: 'deltaTSetpoint', label: 'ΔT setpoint', unit: 'K', decimals: 1, subsystem: 'control' },
  { key: 'Setpoint_VolumetricFlow', label: 'Volumetric flow setpoint', unit: 'L/min', decimals: 1, subsystem: 'water' },
  { key: 'waterleak', label: 'Water leak', unit: '', decimals: 0, subsystem: 'water', states: { 0: { text: 'No leak', status: 'green' }, 1: { text: 'LEAK', status: 'red' } } },
  { key: 'energy', label: 'Energy (total)', unit: 'kWh', decimals: 1, subsystem: 'cooling' },
  { key: 'cooling_power', label: 'Cooling power', unit: 'kW', decimals: 2, subsystem: 'cooling', normal: [0, 120], warning: [0, 150] },
  { key: 'ControlMode', label: 'Control mode', unit: '', decimals: 0, subsystem: 'control', states: { 0: { text: 'Auto (ΔT)', status: 'green' }, 1: { text: 'Manual valve', status: 'green' }, 2: { text: 'Standby', status: 'yellow' } } },
  { key: 'SetpointSource', label: 'Setpoint source', unit: '', decimals: 0, subsystem: 'control', states: { 0: { text: 'Network', status: 'green' }, 1: { text: 'Touchscreen', status: 'green' } } },
  { key: 'ErrorState', label: 'Error state', unit: '', decimals: 0, subsystem: 'control', states: { 0: { text: 'No error', status: 'green' }, 1: { text: 'Warning', status: 'yellow' }, 2: { text: 'Fault', status: 'red' } } },
  { key: 'malfunction', label: 'Malfunction info', unit: '', decimals: 0, subsystem: 'control', states: { 0: { text: 'None', status: 'green' }, 1: { text: 'Water leak detected', status: 'red' }, 2: { text: 'Power supply failure', status: 'red' }, 3: { text: 'Pump degraded', status: 'yellow' }, 4: { text: 'Sensor out of range', status: 'yellow' } } },
];

/** A PDU's readings: per outlet, per phase and in total; keys carry the outlet or phase number. */
export const PDU_SENSOR_PATTERNS: readonly {
  pattern: RegExp;
  label: (n: string) => string;
  unit: string;
  decimals: number;
  states?: SensorDefinition['states'];
}[] = [
  { pattern: /^outlet(\d+)_power_w$/, label: (n) => `Outlet ${n} power`, unit: 'W', decimals: 0 },
  { pattern: /^outlet(\d+)_state$/, label: (n) => `Outlet ${n} state`, unit: '', decimals: 0, states: { 0: { text: 'Off', status: 'yellow' }, 1: { text: 'On', status: 'green' } } },
  { pattern: /^phase(\d+)_current_a$/, label: (n) => `Phase L${n} current`, unit: 'A', decimals: 2 },
  { pattern: /^phase(\d+)_voltage_v$/, label: (n) => `Phase L${n} voltage`, unit: 'V', decimals: 1 },
  { pattern: /^(total)_power_w$/, label: () => 'Total power', unit: 'W', decimals: 0 },
  { pattern: /^(total)_energy_kwh$/, label: () => 'Total energy', unit: 'kWh', decimals: 1 },
];

/** The definition of a reading's key for a type, or a plain numeric one for an unknown key. */
export function sensorDefinition(type: EquipmentType, key: string): SensorDefinition {
  if (type === 'pcdu') {
    const found = PCDU_SENSORS.find((sensor) => sensor.key === key);
    if (found) return found;
  } else {
    for (const entry of PDU_SENSOR_PATTERNS) {
      const match = entry.pattern.exec(key);
      if (match) {
        return {
          key,
          label: entry.label(match[1]!),
          unit: entry.unit,
          decimals: entry.decimals,
          states: entry.states,
          subsystem: 'power',
        };
      }
    }
  }
  return { key, label: key, unit: '', decimals: 2, subsystem: 'control' };
}

/** A value's colour: a state's own, or where it sits against the normal and warning ranges. */
export function sensorStatus(definition: SensorDefinition, value: number | null): SensorStatus {
  if (value === null || !Number.isFinite(value)) return 'unknown';
  if (definition.states) return definition.states[value]?.status ?? 'red';
  const inside = (range: readonly [number, number] | undefined) =>
    range === undefined || (value >= range[0] && value <= range[1]);
  if (inside(definition.normal)) return 'green';
  return inside(definition.warning) ? 'yellow' : 'red';
}

/** The value as the pages print it: a state's text, or the number with its decimals. */
export function sensorText(definition: SensorDefinition, value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  if (definition.states) return definition.states[value]?.text ?? `Unknown (${value})`;
  return value.toFixed(definition.decimals);
}

// ---------------------------------------------------------------------------------------------
// The equipment API.

export const sensorReadingSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.string(),
  value: z.number().nullable(),
  text: z.string(),
  at: z.string(),
  status: z.enum(['green', 'yellow', 'red', 'unknown']),
});
export type SensorReading = z.infer<typeof sensorReadingSchema>;

export const placementSchema = z.object({
  datacenterId: z.number().int().positive().nullable(),
  datacenterName: z.string().nullable(),
  roomId: z.number().int().positive().nullable(),
  roomName: z.string().nullable(),
  rackId: z.number().int().positive().nullable(),
  rackName: z.string().nullable(),
});
export type Placement = z.infer<typeof placementSchema>;

export const snmpSettingsSchema = z.discriminatedUnion(
  'version',
  [
    z.object({
      version: z.literal('v2c'),
      community: z.string().trim().min(1, 'SNMP community is required.').max(255),
    }),
    z.object({
      version: z.literal('v3'),
      username: z.string().trim().min(1, 'SNMPv3 user name is required.').max(255),
      authProtocol: z.enum(['SHA', 'MD5']).nullish(),
      authPassword: z
        .string()
        .min(8, 'SNMPv3 passwords need at least 8 characters.')
        .max(255)
        .nullish(),
      privProtocol: z.enum(['AES', 'DES']).nullish(),
      privPassword: z
        .string()
        .min(8, 'SNMPv3 passwords need at least 8 characters.')
        .max(255)
        .nullish(),
    }),
  ],
  { error: 'SNMP version must be v2c or v3.' },
);
export type SnmpSettings = z.infer<typeof snmpSettingsSchema>;

export const equipmentSummarySchema = z.object({
  id: z.number().int().positive(),
  type: equipmentTypeSchema,
  name: z.string(),
  profile: z.string(),
  host: z.string(),
  port: z.number().int(),
  unitId: z.number().int().nullable(),
  placement: placementSchema,
  gateway: z.object({ serverId: z.number().int().positive(), serverName: z.string() }).nullable(),
  /** When the gateway last delivered a reading of this unit. */
  lastSeenAt: z.string().nullable(),
});
export type EquipmentSummary = z.infer<typeof equipmentSummarySchema>;
export const equipmentListSchema = z.object({ equipment: z.array(equipmentSummarySchema) });
export type EquipmentList = z.infer<typeof equipmentListSchema>;

export const equipmentDetailSchema = equipmentSummarySchema.extend({
  /** True when the unit has not answered for three poll periods (or never has). */
  stale: z.boolean(),
  pollIntervalMs: z.number().int().positive(),
  sensors: z.array(sensorReadingSchema),
  /** The network settings the unit last reported, and whether its interface is up. */
  network: z
    .object({
      ipAddress: z.string(),
      subnetMask: z.string(),
      gateway: z.string(),
      primaryDns: z.string(),
      secondaryDns: z.string().nullable(),
      interfaceStatus: z.enum(['ACTIVE', 'INACTIVE']),
      at: z.string(),
    })
    .nullable(),
  pendingCommand: commandSchema.nullable(),
  /** The server's clock when it answered, so that "updated Ns ago" ignores the browser's. */
  serverTime: z.string(),
});
export type EquipmentDetail = z.infer<typeof equipmentDetailSchema>;

export const EQUIPMENT_NAME_REQUIRED = 'Equipment name is required.';
export const EQUIPMENT_HOST_MESSAGE = 'Address must be an IPv4 address or a host name.';
export const EQUIPMENT_PORT_MESSAGE = 'Port must be a whole number from 1 to 65535.';
export const EQUIPMENT_GATEWAY_REQUIRED =
  'Choose the gateway: a server whose agent can reach this equipment.';
export const EQUIPMENT_PROFILE_MESSAGE = "Profile must be one of this type's profiles.";
export const PDU_RACK_REQUIRED = 'A PDU must be placed in a rack.';
export const PLACEMENT_ONE_MESSAGE = 'Place a pCDU in a room or in a rack, not both.';
export const SNMP_REQUIRED = 'A PDU needs its SNMP settings (v2c community or v3 user).';
export const GATEWAY_NOT_SERVER = 'The gateway must be a server of your organisation.';

const HOST_NAME = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

const positiveIdOrNull = (field: string) =>
  z
    .number({ error: `${field} must be a whole number or null.` })
    .int(`${field} must be a whole number or null.`)
    .positive(`${field} must be a whole number or null.`)
    .nullish()
    .transform((value) => value ?? null);

export const createEquipmentBodySchema = z
  .object({
    type: equipmentTypeSchema,
    name: z
      .string({ error: EQUIPMENT_NAME_REQUIRED })
      .trim()
      .min(1, EQUIPMENT_NAME_REQUIRED)
      .max(NAME_MAX_LENGTH, `Equipment name must be at most ${NAME_MAX_LENGTH} characters.`),
    profile: z.string().trim().optional(),
    host: z
      .string({ error: EQUIPMENT_HOST_MESSAGE })
      .trim()
      .refine((value) => parseIpv4(value) !== null || HOST_NAME.test(value), {
        message: EQUIPMENT_HOST_MESSAGE,
      }),
    port: z
      .number({ error: EQUIPMENT_PORT_MESSAGE })
      .int(EQUIPMENT_PORT_MESSAGE)
      .min(1, EQUIPMENT_PORT_MESSAGE)
      .max(65_535, EQUIPMENT_PORT_MESSAGE)
      .optional(),
    unitId: z
      .number({ error: 'Modbus unit id must be a whole number from 0 to 247.' })
      .int('Modbus unit id must be a whole number from 0 to 247.')
      .min(0, 'Modbus unit id must be a whole number from 0 to 247.')
      .max(247, 'Modbus unit id must be a whole number from 0 to 247.')
      .optional(),
    gatewayServerId: z
      .number({ error: EQUIPMENT_GATEWAY_REQUIRED })
      .int(EQUIPMENT_GATEWAY_REQUIRED)
      .positive(EQUIPMENT_GATEWAY_REQUIRED),
    rackId: positiveIdOrNull('rackId'),
    roomId: positiveIdOrNull('roomId'),
    snmp: snmpSettingsSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const profile = body.profile || DEFAULT_PROFILE[body.type];
    if (!EQUIPMENT_PROFILES.some((p) => p.id === profile && p.type === body.type)) {
      ctx.addIssue({ code: 'custom', path: ['profile'], message: EQUIPMENT_PROFILE_MESSAGE });
    }
    if (body.type === 'pdu' && body.rackId === null) {
      ctx.addIssue({ code: 'custom', path: ['rackId'], message: PDU_RACK_REQUIRED });
    }
    if (body.type === 'pdu' && body.roomId !== null) {
      ctx.addIssue({ code: 'custom', path: ['roomId'], message: PDU_RACK_REQUIRED });
    }
    if (body.type === 'pcdu' && body.rackId !== null && body.roomId !== null) {
      ctx.addIssue({ code: 'custom', path: ['roomId'], message: PLACEMENT_ONE_MESSAGE });
    }
    if (body.type === 'pdu' && body.snmp === undefined) {
      ctx.addIssue({ code: 'custom', path: ['snmp'], message: SNMP_REQUIRED });
    }
  })
  .transform((body) => ({
    ...body,
    profile: body.profile || DEFAULT_PROFILE[body.type],
    port: body.port ?? (body.type === 'pcdu' ? MODBUS_DEFAULT_PORT : SNMP_DEFAULT_PORT),
    unitId: body.type === 'pcdu' ? (body.unitId ?? MODBUS_DEFAULT_UNIT_ID) : null,
    snmp: body.type === 'pdu' ? (body.snmp ?? null) : null,
  }));
export type CreateEquipmentBody = z.input<typeof createEquipmentBodySchema>;
export type NewEquipment = z.output<typeof createEquipmentBodySchema>;
