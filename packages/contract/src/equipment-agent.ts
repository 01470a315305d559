import { z } from 'zod';
import { PCDU_DEFAULT_PROFILE_DATA } from './equipment-profiles/pcdu-default.js';
import { APC_RPDU2_PROFILE_DATA } from './equipment-profiles/apc-rpdu2.js';
import { RARITAN_PDU2_PROFILE_DATA } from './equipment-profiles/raritan-pdu2.js';

/**
 * The agent ↔ server equipment protocol (issue 12, DESIGN §9). A gateway agent (the agent of a
 * server that can reach the device) asks the server for its jobs, polls each device over Modbus
 * TCP (pCDU) or SNMP (PDU) as the device's profile says, pushes readings, and carries out the
 * commands the server queued, reporting each one applied or failed. Every call is authenticated
 * like AGENT_SAMPLES_PATH: `Authorization: Bearer <app token>`; the token names the gateway.
 *
 * Device maps are data: a profile per model (below, and in ./equipment-profiles/). Values travel
 * in the register's engineering unit (`raw × scale`), named by the profile's `sensor` names.
 */

// ---------------------------------------------------------------------------------------------
// Paths.

/** GET: this gateway's equipment jobs and pending commands (`AgentEquipmentJobs`). */
export const AGENT_EQUIPMENT_PATH = '/api/agent/equipment';
/** POST `AgentEquipmentReadingsBody`: readings of the gateway's equipment. */
export const AGENT_EQUIPMENT_READINGS_PATH = '/api/agent/equipment/readings';
/** POST `AgentCommandResultBody`: the outcome of one command. */
export const agentCommandResultPath = (commandId: number) =>
  `/api/agent/equipment/commands/${commandId}/result`;
/** The same path as a route pattern, for the server. */
export const AGENT_COMMAND_RESULT_ROUTE = '/api/agent/equipment/commands/:id/result';

// ---------------------------------------------------------------------------------------------
// Timing.

/** How often the agent asks the server for jobs and new commands. */
export const AGENT_EQUIPMENT_JOBS_INTERVAL_SECONDS = 2;
/** pCDU: the touchscreen's own refresh (SPEC §2). */
export const PCDU_POLL_INTERVAL_SECONDS = 2;
export const PDU_POLL_INTERVAL_SECONDS = 10;
/** A command the device has not answered (written and read back) within this fails. */
export const COMMAND_TIMEOUT_SECONDS = 30;
/** Most readings one push may carry (an agent flushing its buffer after an outage). */
export const MAX_READINGS_PER_PUSH = 500;
/** Simulators: their HTTP control port is the protocol port plus this, unless configured. */
export const SIMULATOR_CONTROL_PORT_OFFSET = 10_000;
/** The demo pCDU simulator's Modbus TCP port on 127.0.0.1 (configurable on the server). */
export const DEMO_PCDU_PORT = 1502;

// ---------------------------------------------------------------------------------------------
// Profiles.

export const EQUIPMENT_TYPES = ['pcdu', 'pdu'] as const;
export const equipmentTypeSchema = z.enum(EQUIPMENT_TYPES);
export type EquipmentType = z.infer<typeof equipmentTypeSchema>;

const profileId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'profile id is invalid.');
const sensorName = z.string().regex(/^[A-Za-z][A-Za-z0-9_{}]{0,63}$/, 'sensor name is invalid.');
/** Raw register (or OID) values mapped to the words shown: `{ "0": "OK", "1": "ERROR" }`. */
const statesSchema = z.record(z.string().regex(/^-?\d+$/), z.string().min(1).max(32));

export const MODBUS_TABLES = ['holding', 'input', 'coil', 'discrete'] as const;
/**
 * `ipv4` is two registers, high word first (192.168 then 1.50); the 32-bit types are big-endian
 * word order too. Coils and discrete inputs are `bool`.
 */
export const MODBUS_DATA_TYPES = [
  'uint16',
  'int16',
  'uint32',
  'int32',
  'float32',
  'ipv4',
  'bool',
] as const;
export type ModbusDataType = (typeof MODBUS_DATA_TYPES)[number];
/** Registers each data type takes. */
export const MODBUS_TYPE_WIDTH: Record<ModbusDataType, number> = {
  uint16: 1,
  int16: 1,
  uint32: 2,
  int32: 2,
  float32: 2,
  ipv4: 2,
  bool: 1,
};

/** What a command may change: 'setpoints' or 'network' registers. */
export const COMMAND_KINDS = ['setpoints', 'network'] as const;
export const commandKindSchema = z.enum(COMMAND_KINDS);
export type CommandKind = z.infer<typeof commandKindSchema>;

export const modbusRegisterSchema = z
  .object({
    /** The reading's name: SPEC §2's sensor names, plus the configuration's own. */
    sensor: sensorName,
    label: z.string().min(1).max(80),
    table: z.enum(MODBUS_TABLES),
    address: z.number().int().min(0).max(65_535),
    type: z.enum(MODBUS_DATA_TYPES),
    /** value = raw × scale (1 when absent); a write sends round(value / scale). */
    scale: z.number().positive().optional(),
    /** Engineering unit of the value ('°C', 'L/min', 'kW'); '' for a state or a count. */
    unit: z.string().max(16),
    /** Raw values shown as words; a register with states reads as a string. */
    states: statesSchema.optional(),
    /** Raw range the device accepts on write (inclusive). */
    min: z.number().optional(),
    max: z.number().optional(),
    /** The command kind that may write this register; read-only when absent. */
    command: commandKindSchema.optional(),
  })
  .refine((r) => r.type !== 'bool' || r.table === 'coil' || r.table === 'discrete', {
    message: 'Only coils and discrete inputs are bool; registers are not.',
  })
  .refine((r) => r.command === undefined || r.table === 'holding', {
    message: 'Commands write holding registers only.',
  });
export type ModbusRegister = z.infer<typeof modbusRegisterSchema>;

export const modbusProfileSchema = z
  .object({
    id: profileId,
    type: z.literal('pcdu'),
    protocol: z.literal('modbus-tcp'),
    name: z.string().min(1).max(120),
    defaultPort: z.number().int().min(1).max(65_535),
    defaultUnitId: z.number().int().min(0).max(255),
    registers: z.array(modbusRegisterSchema).min(1),
  })
  .superRefine((profile, ctx) => {
    const names = new Set<string>();
    const used = new Map<string, string>();
    for (const register of profile.registers) {
      if (names.has(register.sensor)) {
        ctx.addIssue({ code: 'custom', message: `Sensor ${register.sensor} appears twice.` });
      }
      names.add(register.sensor);
      for (let i = 0; i < MODBUS_TYPE_WIDTH[register.type]; i += 1) {
        const key = `${register.table}:${register.address + i}`;
        const other = used.get(key);
        if (other) {
          ctx.addIssue({
            code: 'custom',
            message: `${register.sensor} overlaps ${other} at ${key}.`,
          });
        }
        used.set(key, register.sensor);
      }
    }
  });
export type ModbusProfile = z.infer<typeof modbusProfileSchema>;

/** Where an SNMP metric's rows are: one per outlet, one per phase, or one for the device. */
export const SNMP_SCOPES = ['outlet', 'phase', 'device'] as const;

export const snmpMetricSchema = z.object({
  /**
   * The reading's name; `{i}` stands for the outlet or phase number (`outlet_{i}_power` reads
   * `outlet_3_power`). Device metrics have no `{i}`.
   */
  sensor: sensorName,
  label: z.string().min(1).max(80),
  scope: z.enum(SNMP_SCOPES),
  /**
   * Numeric OID with `{i}` where the outlet or phase number sits (`1.3.6.1…7.{i}` or, for
   * Raritan, `…4.1.{i}.5`). The collector walks the part before `{i}` and keeps the instances
   * whose rest matches. Device metrics are a full OID.
   */
  oid: z
    .string()
    .regex(/^1(\.\d+)+(\.\{i\}(\.\d+)*)?$/, 'oid must be numeric, with at most one {i}.'),
  scale: z.number().positive().optional(),
  unit: z.string().max(16),
  states: statesSchema.optional(),
});
export type SnmpMetric = z.infer<typeof snmpMetricSchema>;

export const snmpProfileSchema = z
  .object({
    id: profileId,
    type: z.literal('pdu'),
    protocol: z.literal('snmp'),
    name: z.string().min(1).max(120),
    defaultPort: z.number().int().min(1).max(65_535),
    metrics: z.array(snmpMetricSchema).min(1),
  })
  .superRefine((profile, ctx) => {
    for (const metric of profile.metrics) {
      const indexed = metric.oid.includes('{i}');
      if (indexed !== (metric.scope !== 'device') || indexed !== metric.sensor.includes('{i}')) {
        ctx.addIssue({
          code: 'custom',
          message: `${metric.sensor}: outlet and phase metrics have {i} in oid and sensor; device metrics have none.`,
        });
      }
    }
  });
export type SnmpProfile = z.infer<typeof snmpProfileSchema>;

export const equipmentProfileSchema = z.union([modbusProfileSchema, snmpProfileSchema]);
export type EquipmentProfile = z.infer<typeof equipmentProfileSchema>;

/** The shipped profiles, validated once when the module loads. */
export const PCDU_DEFAULT_PROFILE: ModbusProfile =
  modbusProfileSchema.parse(PCDU_DEFAULT_PROFILE_DATA);
export const APC_RPDU2_PROFILE: SnmpProfile = snmpProfileSchema.parse(APC_RPDU2_PROFILE_DATA);
export const RARITAN_PDU2_PROFILE: SnmpProfile = snmpProfileSchema.parse(RARITAN_PDU2_PROFILE_DATA);
export const EQUIPMENT_PROFILES: readonly EquipmentProfile[] = [
  PCDU_DEFAULT_PROFILE,
  APC_RPDU2_PROFILE,
  RARITAN_PDU2_PROFILE,
];
export const equipmentProfile = (id: string): EquipmentProfile | undefined =>
  EQUIPMENT_PROFILES.find((profile) => profile.id === id);
export const DEFAULT_PROFILE_ID: Record<EquipmentType, string> = {
  pcdu: PCDU_DEFAULT_PROFILE.id,
  pdu: APC_RPDU2_PROFILE.id,
};

// ---------------------------------------------------------------------------------------------
// Setpoint and network values (the default pCDU profile's command registers).

/** Holding register 0: valve setpoint, raw 0–10000 = 0.00–100.00 %. */
export const VALVE_SETPOINT_RAW_MAX = 10_000;
/** Holding register 1: ΔT setpoint in tenths of a kelvin, raw 0–550 = 0.0–55.0 K. */
export const DELTA_T_SETPOINT_RAW_MAX = 550;
export const DEFAULT_VALVE_SETPOINT_RAW = 3000;
export const DEFAULT_DELTA_T_SETPOINT_K = 15;

/**
 * A 'setpoints' command's values as the agent receives them: in the registers' engineering
 * units (the valve in %, the ΔT in K), as readings report them. The operator API's integer
 * valve setpoint 0–10000 is `valveSetpoint / 100` here: see `setpointCommandValues`.
 */
export const setpointCommandValuesSchema = z
  .object({
    valveSetpoint: z.number().min(0).max(100),
    deltaTSetpoint: z.number().min(0).max(55),
  })
  .partial()
  .refine((v) => v.valveSetpoint !== undefined || v.deltaTSetpoint !== undefined, {
    message: 'A setpoints command changes the valve setpoint, the ΔT setpoint or both.',
  });
export type SetpointCommandValues = z.infer<typeof setpointCommandValuesSchema>;

/** From the operator's integer valve setpoint (0–10000) and ΔT in K to the agent's values. */
export const setpointCommandValues = (setpoints: {
  valveSetpoint?: number;
  deltaTSetpoint?: number;
}): SetpointCommandValues => ({
  ...(setpoints.valveSetpoint !== undefined && { valveSetpoint: setpoints.valveSetpoint / 100 }),
  ...(setpoints.deltaTSetpoint !== undefined && { deltaTSetpoint: setpoints.deltaTSetpoint }),
});

const ipv4 = z.ipv4({ error: 'must be an IPv4 address such as 192.168.1.50.' });
export const INTERFACE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;

/**
 * A 'network' command's values, named as the default pCDU profile's network registers. The
 * server validates the operator's input (mask, gateway in subnet) before it queues one.
 */
export const networkCommandValuesSchema = z
  .object({
    ipAddress: ipv4,
    subnetMask: ipv4,
    gateway: ipv4,
    primaryDns: ipv4,
    secondaryDns: ipv4,
    interfaceStatus: z.enum(INTERFACE_STATUSES),
  })
  .partial();
export type NetworkCommandValues = z.infer<typeof networkCommandValuesSchema>;

// ---------------------------------------------------------------------------------------------
// GET AGENT_EQUIPMENT_PATH

const id = z.number().int().positive();
const secret = z.string().min(1).max(256);

export const snmpCredentialsSchema = z.discriminatedUnion('version', [
  z.object({ version: z.literal('2c'), community: secret }),
  z.object({
    version: z.literal('3'),
    user: z.string().min(1).max(64),
    /** noAuthNoPriv, authNoPriv or authPriv follows from which keys are present. */
    authProtocol: z.enum(['md5', 'sha', 'sha224', 'sha256', 'sha384', 'sha512']).optional(),
    authKey: secret.optional(),
    privProtocol: z.enum(['des', 'aes', 'aes256b', 'aes256r']).optional(),
    privKey: secret.optional(),
  }),
]);
export type SnmpCredentials = z.infer<typeof snmpCredentialsSchema>;

export const equipmentAddressSchema = z.object({
  host: z.string().min(1).max(253),
  port: z.number().int().min(1).max(65_535),
  /** Modbus unit id (pCDU); the default profile's is 1. */
  unitId: z.number().int().min(0).max(255).optional(),
  /** SNMP credentials (PDU). */
  snmp: snmpCredentialsSchema.optional(),
});
export type EquipmentAddress = z.infer<typeof equipmentAddressSchema>;

export const equipmentJobSchema = z.object({
  id,
  type: equipmentTypeSchema,
  /** A profile id of EQUIPMENT_PROFILES. */
  profile: profileId,
  address: equipmentAddressSchema,
  pollIntervalSeconds: z.number().int().min(1).max(3600),
});
export type EquipmentJob = z.infer<typeof equipmentJobSchema>;

export const equipmentCommandSchema = z.discriminatedUnion('kind', [
  z.object({
    id,
    equipmentId: id,
    kind: z.literal('setpoints'),
    values: setpointCommandValuesSchema,
  }),
  z.object({
    id,
    equipmentId: id,
    kind: z.literal('network'),
    values: networkCommandValuesSchema,
  }),
]);
export type EquipmentCommand = z.infer<typeof equipmentCommandSchema>;

/**
 * The gateway's jobs: its equipment and the commands waiting for it (pending, oldest first).
 * A command appears until its result is posted; the agent runs each id once.
 */
export const agentEquipmentJobsSchema = z.object({
  equipment: z.array(equipmentJobSchema),
  commands: z.array(equipmentCommandSchema),
});
export type AgentEquipmentJobs = z.infer<typeof agentEquipmentJobsSchema>;

// ---------------------------------------------------------------------------------------------
// POST AGENT_EQUIPMENT_READINGS_PATH

export const readingValueSchema = z.union([z.number().finite(), z.string().max(64), z.boolean()]);
export type ReadingValue = z.infer<typeof readingValueSchema>;

export const equipmentReadingSchema = z.object({
  equipmentId: id,
  timestampMs: z.number().int().nonnegative(),
  /** Sensor name → value in the profile's unit; empty when the poll failed. */
  values: z.record(sensorName, readingValueSchema),
  /** Why the poll failed ('no answer from 127.0.0.1:1502 within 5 s'). */
  error: z.string().max(500).optional(),
});
export type EquipmentReading = z.infer<typeof equipmentReadingSchema>;

export const agentEquipmentReadingsBodySchema = z.object({
  readings: z
    .array(equipmentReadingSchema)
    .min(1, 'readings must hold at least one reading.')
    .max(MAX_READINGS_PER_PUSH, `readings must hold at most ${MAX_READINGS_PER_PUSH} readings.`),
});
export type AgentEquipmentReadingsBody = z.infer<typeof agentEquipmentReadingsBodySchema>;

export const agentEquipmentReadingsResponseSchema = z.object({
  accepted: z.number().int().nonnegative(),
});
export type AgentEquipmentReadingsResponse = z.infer<typeof agentEquipmentReadingsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST agentCommandResultPath(id)

export const COMMAND_RESULT_STATUSES = ['applied', 'failed'] as const;

/** Why a command failed, in the words the agent reports (the server shows them as they are). */
export const COMMAND_FAILURE = {
  refused: (detail: string) => `The device refused the change: ${detail}.`,
  readBackDiffers: (detail: string) => `The read-back differs from what was written: ${detail}.`,
  noAnswer: `The device did not answer within ${COMMAND_TIMEOUT_SECONDS} s.`,
  unknownEquipment: 'This gateway has no job for that equipment.',
  unsupported: (detail: string) => `The device profile cannot apply this change: ${detail}.`,
} as const;

export const agentCommandResultBodySchema = z.object({
  status: z.enum(COMMAND_RESULT_STATUSES),
  reason: z.string().min(1).max(500).optional(),
  /** What the device holds after the write, read back, in the values' own names and units. */
  readBack: z.record(sensorName, readingValueSchema).optional(),
});
export type AgentCommandResultBody = z.infer<typeof agentCommandResultBodySchema>;

export const agentCommandResultResponseSchema = z.object({
  id,
  status: z.enum(COMMAND_RESULT_STATUSES),
});
export type AgentCommandResultResponse = z.infer<typeof agentCommandResultResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Simulator faults (issue 12): the server's `admin simulate-fault` reaches a simulator's HTTP
// control port with `POST /fault { "fault": … }`.

export const SIMULATOR_FAULTS = [
  'leak',
  'psu1',
  'psu2',
  'pump',
  'sensor-drift',
  'offline',
  'clear',
] as const;
export const simulatorFaultSchema = z.enum(SIMULATOR_FAULTS);
export type SimulatorFault = z.infer<typeof simulatorFaultSchema>;
export const SIMULATOR_FAULT_PATH = '/fault';
export const SIMULATOR_STATE_PATH = '/state';
