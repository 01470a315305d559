import { z } from 'zod';
import { NAME_MAX_LENGTH } from './limits.js';
import {
  COMMAND_FAILURE,
  COMMAND_KINDS,
  COMMAND_TIMEOUT_SECONDS,
  DEFAULT_DELTA_T_SETPOINT_K,
  DEFAULT_PROFILE_ID,
  DEFAULT_VALVE_SETPOINT_RAW,
  DELTA_T_SETPOINT_RAW_MAX,
  EQUIPMENT_TYPES,
  PCDU_DEFAULT_PROFILE,
  PCDU_POLL_INTERVAL_SECONDS,
  PDU_POLL_INTERVAL_SECONDS,
  VALVE_SETPOINT_RAW_MAX,
  equipmentProfile,
  snmpCredentialsSchema,
  type EquipmentProfile,
  type EquipmentType,
} from './equipment-agent.js';

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

/** How the Devices table's Type column shows each type. */
export const DEVICE_TYPE_LABELS: Record<DeviceType, string> = {
  server: 'Server',
  pcdu: 'pCDU',
  pdu: 'PDU',
};

export const POLL_INTERVAL_MS: Record<EquipmentType, number> = {
  pcdu: PCDU_POLL_INTERVAL_SECONDS * 1000,
  pdu: PDU_POLL_INTERVAL_SECONDS * 1000,
};
/** Values older than three missed polls are stale: the unit stopped answering. */
export const staleAfterMs = (type: EquipmentType) => POLL_INTERVAL_MS[type] * 3;
export const COMMAND_TIMEOUT_MS = COMMAND_TIMEOUT_SECONDS * 1000;

// ---------------------------------------------------------------------------------------------
// Setpoints (SPEC §5, §9).

export const VALVE_SETPOINT_MIN = 0;
export const VALVE_SETPOINT_MAX = VALVE_SETPOINT_RAW_MAX;
export const VALVE_SETPOINT_DEFAULT = DEFAULT_VALVE_SETPOINT_RAW;
export const DELTA_T_SETPOINT_MIN_K = 0;
export const DELTA_T_SETPOINT_MAX_K = DELTA_T_SETPOINT_RAW_MAX / 10;
export const DELTA_T_SETPOINT_DEFAULT_K = DEFAULT_DELTA_T_SETPOINT_K;

export const VALVE_SETPOINT_MESSAGE =
  'Valve setpoint must be from 0.00 to 100.00 % in steps of 0.01 % (0 to 10000).';
export const DELTA_T_SETPOINT_MESSAGE = 'ΔT setpoint must be from 0.0 to 55.0 K in steps of 0.1 K.';
export const SETPOINTS_EMPTY_MESSAGE = 'Give a valve setpoint, a ΔT setpoint or both.';

/**
 * The valve setpoint as the operator types it (percent, two decimals) → the register value. A
 * percentage with a third decimal stays fractional, so that the schema refuses it as off-step.
 */
export function valvePercentToSetpoint(percent: number): number {
  const raw = percent * 100;
  return Math.abs(raw - Math.round(raw)) < 1e-6 ? Math.round(raw) : raw;
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
  subnetMask:
    'Subnet mask must be four numbers from 0 to 255 separated by dots, e.g. 255.255.255.0.',
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

export const COMMAND_STATUSES = ['pending', 'applied', 'failed'] as const;
export const commandStatusSchema = z.enum(COMMAND_STATUSES);
export type CommandStatus = z.infer<typeof commandStatusSchema>;

export const COMMAND_BODY_MESSAGE = 'Send either { "setpoints": {...} } or { "network": {...} }.';
export const COMMAND_PENDING_MESSAGE =
  'A change to this unit is still pending. Wait until it is applied or fails, then try again.';
export const COMMAND_TIMEOUT_REASON = COMMAND_FAILURE.noAnswer;
export const COMMAND_NO_GATEWAY_MESSAGE =
  'This unit has no gateway server: set one before changing it.';
export const COMMAND_UNSUPPORTED_MESSAGE = 'PDUs take no setpoint or network changes.';

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
// Sensors: what the pages show for each reading, and its status colour. Names, labels, units
// and state words come from the device's profile; the normal ranges are the product's.

export type SensorStatus = 'green' | 'yellow' | 'red' | 'unknown';

export const SUBSYSTEMS = ['cooling', 'water', 'pressure', 'power', 'control', 'network'] as const;
export type Subsystem = (typeof SUBSYSTEMS)[number];
export const SUBSYSTEM_LABELS: Record<Subsystem, string> = {
  cooling: 'Refrigerant cooling',
  water: 'Water circuit and leak detection',
  pressure: 'Facility pressure',
  power: 'Power supplies',
  control: 'Controller',
  network: 'Network interface',
};

interface SensorRule {
  subsystem: Subsystem;
  /** Green inside `normal`, yellow inside `warning`, red outside it. */
  normal?: readonly [number, number];
  warning?: readonly [number, number];
  /** Decimals shown. */
  decimals?: number;
}

/** The pCDU's sensors (SPEC §2 names, as the default profile reads them). */
export const PCDU_SENSOR_RULES: Readonly<Record<string, SensorRule>> = {
  psu1: { subsystem: 'power' },
  psu2: { subsystem: 'power' },
  refrigerant_supply_temperature: { subsystem: 'cooling', normal: [10, 24], warning: [6, 28] },
  refrigerant_return_temperature: { subsystem: 'cooling', normal: [15, 40], warning: [10, 45] },
  ambtemp: { subsystem: 'cooling', normal: [15, 32], warning: [10, 38] },
  water_inlet_temperature: { subsystem: 'water', normal: [10, 35], warning: [5, 40] },
  water_outlet_temperature: { subsystem: 'water', normal: [12, 45], warning: [8, 50] },
  dT: { subsystem: 'water', normal: [2, 25], warning: [0.5, 30] },
  facility_supply_pressure_voltage: {
    subsystem: 'pressure',
    decimals: 3,
    normal: [0.5, 4.5],
    warning: [0.3, 4.8],
  },
  facility_return_pressure_voltage: {
    subsystem: 'pressure',
    decimals: 3,
    normal: [0.5, 4.5],
    warning: [0.3, 4.8],
  },
  facility_supply_pressure: { subsystem: 'pressure', normal: [15, 80], warning: [8, 95] },
  facility_return_pressure: { subsystem: 'pressure', normal: [5, 70], warning: [2, 85] },
  wflow: { subsystem: 'water', normal: [5, 300], warning: [2, 350] },
  ref_m: { subsystem: 'cooling', decimals: 3 },
  valveSetpoint: { subsystem: 'control', decimals: 2 },
  // Fully open is a warning: the unit is at its limit (docs: System Health).
  valveNow: { subsystem: 'control', decimals: 2, normal: [0, 99.5], warning: [0, 100] },
  deltaTSetpoint: { subsystem: 'control' },
  Setpoint_VolumetricFlow: { subsystem: 'water' },
  waterleak: { subsystem: 'water' },
  energy: { subsystem: 'cooling' },
  cooling_power: { subsystem: 'cooling', decimals: 2 },
  electrical_power: { subsystem: 'power', decimals: 3 },
  ControlMode: { subsystem: 'control' },
  SetpointSource: { subsystem: 'control' },
  ErrorState: { subsystem: 'control' },
  malfunction: { subsystem: 'control', normal: [0, 0], warning: [0, 0], decimals: 0 },
  ipAddress: { subsystem: 'network' },
  subnetMask: { subsystem: 'network' },
  gateway: { subsystem: 'network' },
  primaryDns: { subsystem: 'network' },
  secondaryDns: { subsystem: 'network' },
  interfaceStatus: { subsystem: 'network' },
};

/** The colour of a device's state word (profiles' `states`). */
const STATE_COLOURS: Readonly<Record<string, SensorStatus>> = {
  OK: 'green',
  ON: 'green',
  ACTIVE: 'green',
  AUTO: 'green',
  MANUAL: 'green',
  LOCAL: 'green',
  REMOTE: 'green',
  WARNING: 'yellow',
  OFF: 'yellow',
  INACTIVE: 'yellow',
  PUMP_DEGRADED: 'yellow',
  ERROR: 'red',
  WATER_LEAK: 'red',
  PSU_FAULT: 'red',
};

export interface SensorDefinition {
  key: string;
  label: string;
  unit: string;
  subsystem: Subsystem;
  rule: SensorRule;
  /** Whether the profile maps its raw values to words. */
  hasStates: boolean;
}

/** A reading's key as its profile describes it (PDU keys carry the outlet or phase number). */
export function sensorDefinition(
  profile: EquipmentProfile | undefined,
  key: string,
): SensorDefinition {
  if (profile?.protocol === 'modbus-tcp') {
    const register = profile.registers.find((r) => r.sensor === key);
    const known = PCDU_SENSOR_RULES[key] ?? { subsystem: 'control' };
    // Shown to the register's own resolution (a scale of 0.01 reads to two decimals).
    const decimals =
      known.decimals ??
      (register?.scale ? Math.max(0, Math.round(-Math.log10(register.scale))) : 0);
    const rule = { ...known, decimals };
    return {
      key,
      label: register?.label ?? key,
      unit: register?.unit ?? '',
      subsystem: rule.subsystem,
      rule,
      hasStates: register?.states !== undefined,
    };
  }
  if (profile?.protocol === 'snmp') {
    for (const metric of profile.metrics) {
      const pattern = new RegExp(`^${metric.sensor.replace('{i}', '(\\d+)')}$`);
      const match = pattern.exec(key);
      if (!match) continue;
      const scope = metric.scope === 'outlet' ? 'outlet ' : metric.scope === 'phase' ? 'L' : '';
      const label = match[1] ? `${metric.label} (${scope}${match[1]})` : metric.label;
      const decimals = metric.scale ? Math.max(0, Math.round(-Math.log10(metric.scale))) : 0;
      return {
        key,
        label,
        unit: metric.unit,
        subsystem: 'power',
        rule: { subsystem: 'power', decimals },
        hasStates: metric.states !== undefined,
      };
    }
  }
  return {
    key,
    label: key,
    unit: '',
    subsystem: 'control',
    rule: { subsystem: 'control' },
    hasStates: false,
  };
}

export type SensorValue = number | string | boolean;

/**
 * A value's colour: an alarm flag is red when set; a state word by its meaning; a number by where
 * it sits against the normal and warning ranges (green when the product sets none).
 */
export function sensorStatus(
  definition: SensorDefinition,
  value: SensorValue | null,
): SensorStatus {
  if (value === null) return 'unknown';
  if (typeof value === 'boolean') return value ? 'red' : 'green';
  if (typeof value === 'string') return STATE_COLOURS[value.toUpperCase()] ?? 'unknown';
  if (!Number.isFinite(value)) return 'unknown';
  const inside = (range: readonly [number, number] | undefined) =>
    range === undefined || (value >= range[0] && value <= range[1]);
  if (inside(definition.rule.normal)) return 'green';
  return inside(definition.rule.warning) ? 'yellow' : 'red';
}

export interface SubsystemHealth {
  subsystem: Subsystem;
  label: string;
  status: SensorStatus;
  /** The readings that made it yellow or red, e.g. 'PSU2: Warning'. */
  reasons: string[];
}

const SEVERITY: Record<SensorStatus, number> = { unknown: 0, green: 1, yellow: 2, red: 3 };
export const worstStatus = (statuses: readonly SensorStatus[]): SensorStatus =>
  statuses.reduce<SensorStatus>((worst, s) => (SEVERITY[s] > SEVERITY[worst] ? s : worst), 'green');

/** System Health: each subsystem's worst reading, with the readings that are not green. */
export function subsystemHealth(
  sensors: readonly {
    label: string;
    text: string;
    unit: string;
    subsystem: Subsystem;
    status: SensorStatus;
  }[],
): SubsystemHealth[] {
  return SUBSYSTEMS.map((subsystem) => {
    const own = sensors.filter((sensor) => sensor.subsystem === subsystem);
    const flagged = own.filter((sensor) => sensor.status === 'yellow' || sensor.status === 'red');
    return {
      subsystem,
      label: SUBSYSTEM_LABELS[subsystem],
      status: own.length === 0 ? 'unknown' : worstStatus(own.map((sensor) => sensor.status)),
      reasons: flagged.map(
        (sensor) => `${sensor.label}: ${sensor.text}${sensor.unit ? ` ${sensor.unit}` : ''}`,
      ),
    };
  });
}

/** The value as the pages print it. */
export function sensorText(definition: SensorDefinition, value: SensorValue | null): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'YES' : 'NO';
  if (typeof value === 'string') return value;
  const decimals = definition.rule.decimals ?? (definition.unit === '' ? 0 : 1);
  return value.toFixed(decimals);
}

// ---------------------------------------------------------------------------------------------
// The equipment API.

export const sensorReadingSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.string(),
  subsystem: z.enum(SUBSYSTEMS),
  value: z.union([z.number(), z.string(), z.boolean()]).nullable(),
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

export const equipmentSummarySchema = z.object({
  id: z.number().int().positive(),
  type: z.enum(EQUIPMENT_TYPES),
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

const HOST_NAME =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

const positiveIdOrNull = (field: string) =>
  z
    .number({ error: `${field} must be a whole number or null.` })
    .int(`${field} must be a whole number or null.`)
    .positive(`${field} must be a whole number or null.`)
    .nullish()
    .transform((value) => value ?? null);

export const createEquipmentBodySchema = z
  .object({
    type: z.enum(EQUIPMENT_TYPES, { error: 'Type must be pCDU or PDU.' }),
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
    snmp: snmpCredentialsSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const profile = body.profile || DEFAULT_PROFILE_ID[body.type];
    if (equipmentProfile(profile)?.type !== body.type) {
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
    profile: body.profile || DEFAULT_PROFILE_ID[body.type],
    port: body.port ?? equipmentProfile(body.profile || DEFAULT_PROFILE_ID[body.type])!.defaultPort,
    unitId: body.type === 'pcdu' ? (body.unitId ?? PCDU_DEFAULT_PROFILE.defaultUnitId) : null,
    snmp: body.type === 'pdu' ? (body.snmp ?? null) : null,
  }));
export type CreateEquipmentBody = z.input<typeof createEquipmentBodySchema>;
export type NewEquipment = z.output<typeof createEquipmentBodySchema>;

/**
 * A sensor's name in the metrics store and in alert rules: lower snake case, `pcdu_` or `pdu_`
 * first (`wflow` → `pcdu_wflow`, `deltaT` → `pcdu_delta_t`).
 */
export function equipmentMetricName(type: EquipmentType, sensor: string): string {
  const snake = sensor
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9_]/g, '_')
    .toLowerCase();
  return `${type}_${snake}`;
}
