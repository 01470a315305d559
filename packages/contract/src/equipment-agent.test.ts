import { describe, expect, it } from 'vitest';
import {
  APC_RPDU2_PROFILE,
  EQUIPMENT_PROFILES,
  PCDU_DEFAULT_PROFILE,
  RARITAN_PDU2_PROFILE,
  agentCommandResultBodySchema,
  agentEquipmentJobsSchema,
  agentEquipmentReadingsBodySchema,
  equipmentProfile,
  modbusProfileSchema,
  networkCommandValuesSchema,
  setpointCommandValues,
  setpointCommandValuesSchema,
  snmpProfileSchema,
} from './equipment-agent.js';

const SPEC_SENSORS = [
  'psu1',
  'psu2',
  'refrigerant_supply_temperature',
  'refrigerant_return_temperature',
  'ambtemp',
  'water_outlet_temperature',
  'water_inlet_temperature',
  'facility_supply_pressure_voltage',
  'facility_return_pressure_voltage',
  'wflow',
  'ref_m',
  'valveSetpoint',
  'valveNow',
  'Setpoint_VolumetricFlow',
  'waterleak',
  'energy',
  'cooling_power',
  'ControlMode',
  'SetpointSource',
  'ErrorState',
];

describe('the default pCDU profile', () => {
  const register = (sensor: string) =>
    PCDU_DEFAULT_PROFILE.registers.find((r) => r.sensor === sensor);

  it('holds every SPEC §2 sensor and 23+ readings', () => {
    for (const sensor of SPEC_SENSORS) expect(register(sensor), sensor).toBeDefined();
    expect(PCDU_DEFAULT_PROFILE.registers.length).toBeGreaterThanOrEqual(23);
  });

  it('puts the setpoints in holding registers 0 and 1 on unit id 1', () => {
    expect(PCDU_DEFAULT_PROFILE.defaultUnitId).toBe(1);
    expect(register('valveSetpoint')).toMatchObject({
      table: 'holding',
      address: 0,
      min: 0,
      max: 10000,
      command: 'setpoints',
    });
    expect(register('deltaTSetpoint')).toMatchObject({
      table: 'holding',
      address: 1,
      scale: 0.1,
      min: 0,
      max: 550,
      command: 'setpoints',
    });
  });

  it('rejects overlapping registers and duplicate names', () => {
    const [first] = PCDU_DEFAULT_PROFILE.registers;
    const overlapping = {
      ...PCDU_DEFAULT_PROFILE,
      registers: [...PCDU_DEFAULT_PROFILE.registers, { ...first!, sensor: 'other' }],
    };
    expect(modbusProfileSchema.safeParse(overlapping).success).toBe(false);
    const named = {
      ...PCDU_DEFAULT_PROFILE,
      registers: [...PCDU_DEFAULT_PROFILE.registers, { ...first!, address: 900 }],
    };
    expect(modbusProfileSchema.safeParse(named).success).toBe(false);
  });
});

describe('the PDU profiles', () => {
  it.each([APC_RPDU2_PROFILE, RARITAN_PDU2_PROFILE])(
    '$id maps outlet power and state, phase current and voltage, total energy',
    (profile) => {
      const sensors = profile.metrics.map((m) => m.sensor);
      for (const sensor of [
        'outlet_{i}_power',
        'outlet_{i}_state',
        'phase_{i}_current',
        'phase_{i}_voltage',
        'energy',
      ]) {
        expect(sensors).toContain(sensor);
      }
    },
  );

  it('keeps {i} in the oid and sensor of outlet and phase metrics only', () => {
    const bad = {
      ...APC_RPDU2_PROFILE,
      metrics: [{ sensor: 'power', label: 'x', scope: 'outlet', oid: '1.3.6.1.{i}', unit: 'W' }],
    };
    expect(snmpProfileSchema.safeParse(bad).success).toBe(false);
  });

  it('finds profiles by id', () => {
    expect(equipmentProfile('raritan-pdu2')).toBe(RARITAN_PDU2_PROFILE);
    expect(equipmentProfile('nope')).toBeUndefined();
    expect(new Set(EQUIPMENT_PROFILES.map((p) => p.id)).size).toBe(EQUIPMENT_PROFILES.length);
  });
});

describe('the agent protocol', () => {
  it('parses jobs with both command kinds', () => {
    const jobs = agentEquipmentJobsSchema.parse({
      equipment: [
        {
          id: 1,
          type: 'pcdu',
          profile: 'brezza-pcdu-v1',
          address: { host: '127.0.0.1', port: 1502, unitId: 1 },
          pollIntervalSeconds: 2,
        },
        {
          id: 2,
          type: 'pdu',
          profile: 'apc-rpdu2',
          address: { host: '127.0.0.1', port: 1161, snmp: { version: '2c', community: 'public' } },
          pollIntervalSeconds: 10,
        },
      ],
      commands: [
        { id: 7, equipmentId: 1, kind: 'setpoints', values: { deltaTSetpoint: 12.5 } },
        { id: 8, equipmentId: 1, kind: 'network', values: { ipAddress: '10.0.0.5' } },
      ],
    });
    expect(jobs.commands).toHaveLength(2);
  });

  it('refuses out-of-range setpoints and malformed addresses', () => {
    expect(setpointCommandValuesSchema.safeParse({ valveSetpoint: 100.01 }).success).toBe(false);
    expect(setpointCommandValuesSchema.safeParse({ deltaTSetpoint: 56 }).success).toBe(false);
    expect(setpointCommandValuesSchema.safeParse({}).success).toBe(false);
    expect(networkCommandValuesSchema.safeParse({ gateway: '10.0.0.256' }).success).toBe(false);
  });

  it('turns the operator integer valve setpoint into percent', () => {
    expect(setpointCommandValues({ valveSetpoint: 3000, deltaTSetpoint: 15 })).toEqual({
      valveSetpoint: 30,
      deltaTSetpoint: 15,
    });
    expect(setpointCommandValues({ deltaTSetpoint: 9.5 })).toEqual({ deltaTSetpoint: 9.5 });
  });

  it('parses readings and results', () => {
    expect(
      agentEquipmentReadingsBodySchema.parse({
        readings: [
          { equipmentId: 1, timestampMs: 1, values: { wflow: 20.5, psu1: 'OK', waterleak: false } },
          { equipmentId: 1, timestampMs: 2, values: {}, error: 'no answer' },
        ],
      }).readings,
    ).toHaveLength(2);
    expect(
      agentCommandResultBodySchema.safeParse({ status: 'applied', readBack: { valveSetpoint: 30 } })
        .success,
    ).toBe(true);
    expect(agentCommandResultBodySchema.safeParse({ status: 'pending' }).success).toBe(false);
  });
});
