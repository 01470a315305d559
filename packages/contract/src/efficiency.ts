import { z } from 'zod';
import { ID_MAX } from './devices.js';
import { RANGE_INVALID, timeSchema } from './telemetry.js';

/**
 * Cooling performance, capacity and efficiency, thermal energy flow and benchmarking (issue 14).
 * Powers in kW (averages over the period), energies in kWh, temperatures in °C, differences in K.
 * What is measured and what is derived is stated on each field and in docs/decisions.md.
 */

export const EFFICIENCY_PATH = '/api/efficiency';
export const ENERGY_FLOW_PATH = '/api/efficiency/energy-flow';
export const EFFICIENCY_RANKING_PATH = '/api/efficiency/ranking';
export const EFFICIENCY_SETTINGS_PATH = '/api/efficiency/settings';
export const efficiencySettingsPath = (datacenterId: number) =>
  `${EFFICIENCY_SETTINGS_PATH}/${datacenterId}`;
export const coolingPerformancePath = (equipmentId: number) =>
  `/api/equipment/${equipmentId}/cooling-performance`;

/** The longest period one call covers. */
export const MAX_EFFICIENCY_PERIOD_DAYS = 93;
/** Charts get at most about this many points; the step grows with the period. */
export const EFFICIENCY_MAX_POINTS = 200;

export const EFFICIENCY_MESSAGES = {
  scope: 'scope must be organisation, datacenter:<id>, room:<id> or rack:<id>.',
  scopeNotFound: 'No such datacenter, room or rack in your organisation.',
  periodTooLong: `The period is longer than ${MAX_EFFICIENCY_PERIOD_DAYS} days: choose a shorter one.`,
  notPcdu: 'No such pCDU in your organisation.',
  datacenterNotFound: 'No such datacenter in your organisation.',
  meterNotFound: 'The facility meter must be one of your PDUs.',
  pue: 'declaredPue must be a number from 1.0 to 5.0.',
  oneSource: 'Give a declared PUE or a facility meter, not both.',
} as const;

export const EFFICIENCY_SCOPE_KINDS = ['organisation', 'datacenter', 'room', 'rack'] as const;
export type EfficiencyScopeKind = (typeof EFFICIENCY_SCOPE_KINDS)[number];
export interface EfficiencyScope {
  kind: EfficiencyScopeKind;
  /** Absent for the organisation. */
  id?: number;
}

/** `organisation`, `datacenter:12`, `room:3`, `rack:7`. */
export const efficiencyScopeSchema = z
  .string({ error: EFFICIENCY_MESSAGES.scope })
  .regex(/^(organisation|(datacenter|room|rack):[1-9][0-9]{0,9})$/, EFFICIENCY_MESSAGES.scope)
  .transform((value, ctx): EfficiencyScope => {
    const [kind, id] = value.split(':') as [EfficiencyScopeKind, string | undefined];
    if (id === undefined) return { kind };
    const number = Number(id);
    if (number > ID_MAX) {
      ctx.addIssue({ code: 'custom', message: EFFICIENCY_MESSAGES.scope });
      return z.NEVER;
    }
    return { kind, id: number };
  });

export const efficiencyScopeText = (scope: EfficiencyScope): string =>
  scope.id === undefined ? scope.kind : `${scope.kind}:${scope.id}`;

const periodFields = { from: timeSchema('from'), to: timeSchema('to') };
const periodRefinements = <T extends z.ZodType<{ from: number; to: number }>>(schema: T) =>
  schema
    .refine((query) => query.to > query.from, { message: RANGE_INVALID, path: ['to'] })
    .refine((query) => query.to - query.from <= MAX_EFFICIENCY_PERIOD_DAYS * 86_400_000, {
      message: EFFICIENCY_MESSAGES.periodTooLong,
      path: ['from'],
    });

/** `?from=…&to=…`: ISO-8601 or epoch milliseconds. */
export const periodQuerySchema = periodRefinements(z.object(periodFields));
export type PeriodQuery = z.output<typeof periodQuerySchema>;

/** `?scope=room:3&from=…&to=…`; scope defaults to the organisation. */
export const efficiencyQuerySchema = periodRefinements(
  z.object({ scope: efficiencyScopeSchema.default({ kind: 'organisation' }), ...periodFields }),
);
export type EfficiencyQuery = z.output<typeof efficiencyQuerySchema>;

const kw = z.number().nullable();
const period = {
  /** ISO-8601. */
  from: z.string(),
  to: z.string(),
  /** The charts' step. */
  stepSeconds: z.number().int().positive(),
};

// ---------------------------------------------------------------------------------------------
// GET /api/equipment/{id}/cooling-performance

export const disagreementEpisodeSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The largest disagreement within it, with its sign (positive: the unit claims more). */
  worstPercent: z.number(),
});
export type DisagreementEpisode = z.infer<typeof disagreementEpisodeSchema>;

export const coolingPerformancePointSchema = z.object({
  /** The step's start, epoch ms. */
  t: z.number(),
  heatRemovedKw: kw,
  reportedCoolingKw: kw,
  disagreementPercent: z.number().nullable(),
  approachK: z.number().nullable(),
  valvePercent: z.number().nullable(),
  demandValvePercent: z.number().nullable(),
  electricalKw: kw,
});
export type CoolingPerformancePoint = z.infer<typeof coolingPerformancePointSchema>;

export const coolingPerformanceSchema = z.object({
  equipmentId: z.number().int(),
  name: z.string(),
  ...period,
  /** Derived: water flow × 4.18 kJ/(kg·K) × (outlet − inlet), averaged over the period. */
  heatRemovedKw: kw,
  /** Measured: the unit's own cooling_power, averaged. */
  reportedCoolingKw: kw,
  /** (reported − computed) / computed, in percent, over the period's averages. */
  disagreementPercent: z.number().nullable(),
  /** Derived: technology-loop supply − facility water inlet, averaged. */
  approachK: z.number().nullable(),
  /** Whether a disagreement beyond `thresholdPercent` lasted `sustainedSeconds` in the period. */
  flagged: z.boolean(),
  /** Whether the newest steps are inside such a disagreement. */
  flaggedNow: z.boolean(),
  thresholdPercent: z.number(),
  sustainedSeconds: z.number(),
  episodes: z.array(disagreementEpisodeSchema),
  heatRemovedKwh: kw,
  flowLpm: kw,
  /** Measured valve position and the opening the flow setpoint needs (linear valve). */
  valvePercent: z.number().nullable(),
  demandValvePercent: z.number().nullable(),
  /** Derived: the flow at a fully open valve, from flow and position (linear valve). */
  fullOpenFlowLpm: kw,
  deltaTSetpointK: z.number().nullable(),
  /** Derived: full-open flow × cp × the ΔT setpoint. */
  coolingCapacityKw: kw,
  /** Measured: the unit's electrical_power (pump and controls); null when it does not report it. */
  electricalKw: kw,
  /** (heat removed + electrical draw) / heat removed: the loop's partial PUE. */
  coolingOverheadRatio: z.number().nullable(),
  series: z.array(coolingPerformancePointSchema),
});
export type CoolingPerformance = z.infer<typeof coolingPerformanceSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/efficiency

export const efficiencySummarySchema = z.object({
  /** Measured: PDU outlets of each rack, else its servers' own power meters. */
  itPowerKw: kw,
  peakItPowerKw: kw,
  itEnergyKwh: kw,
  /** Derived on the water side of the scope's pCDUs. */
  heatRemovedKw: kw,
  peakHeatRemovedKw: kw,
  heatRemovedKwh: kw,
  /** IT power the liquid loops do not carry: the room's air handles it. */
  heatToAirKw: kw,
  /** Heat removed by liquid over IT power, in percent. */
  liquidSharePercent: z.number().nullable(),
  /** Derived from the pCDUs' full-open flow and ΔT setpoints. */
  coolingCapacityKw: kw,
  /** Peak heat removed over the capacity, in percent. */
  utilisationPercent: z.number().nullable(),
  /** Capacity − peak heat removed. */
  headroomKw: kw,
  /** Measured: the pCDUs' electrical_power. */
  coolingElectricalKw: kw,
  /** (IT + cooling electrical) / IT: the liquid cooling's partial PUE. */
  coolingOverheadRatio: z.number().nullable(),
});
export type EfficiencySummary = z.infer<typeof efficiencySummarySchema>;

export const efficiencyPointSchema = z.object({
  t: z.number(),
  itPowerKw: kw,
  heatRemovedKw: kw,
  coolingElectricalKw: kw,
});
export type EfficiencyPoint = z.infer<typeof efficiencyPointSchema>;

export const scopeDescriptionSchema = z.object({
  kind: z.enum(EFFICIENCY_SCOPE_KINDS),
  id: z.number().int().nullable(),
  name: z.string(),
});
export type ScopeDescription = z.infer<typeof scopeDescriptionSchema>;

export const PUE_SOURCES = ['declared', 'metered'] as const;
export const pueSchema = z.object({
  value: z.number().nullable(),
  source: z.enum(PUE_SOURCES),
  /** Metered: the facility meter's average input power. */
  facilityKw: kw,
});

export const efficiencySchema = z.object({
  scope: scopeDescriptionSchema,
  ...period,
  current: efficiencySummarySchema,
  /** The same figures for the period of equal length just before. */
  previous: efficiencySummarySchema,
  /** A datacenter's PUE where one is configured (declared or metered); null elsewhere. */
  pue: pueSchema.nullable(),
  /** How the IT power was measured: racks with PDUs, racks with server meters, racks with neither. */
  itPowerSources: z.object({
    pduRacks: z.number().int(),
    serverMeteredRacks: z.number().int(),
    unmeteredRacks: z.number().int(),
  }),
  pcdus: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      heatRemovedKw: kw,
      peakHeatRemovedKw: kw,
      coolingCapacityKw: kw,
    }),
  ),
  series: z.array(efficiencyPointSchema),
});
export type Efficiency = z.infer<typeof efficiencySchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/efficiency/energy-flow

export const ENERGY_FLOW_NODES = [
  'itPower',
  'unmeteredHeat',
  'coolingElectrical',
  'liquidLoop',
  'roomAir',
  'facilityWater',
] as const;
export type EnergyFlowNodeId = (typeof ENERGY_FLOW_NODES)[number];
export const ENERGY_FLOW_LABELS: Record<EnergyFlowNodeId, string> = {
  itPower: 'IT power',
  unmeteredHeat: 'Unmetered load',
  coolingElectrical: 'pCDU pumps and controls',
  liquidLoop: 'pCDU liquid loop',
  roomAir: 'Lost to room air',
  facilityWater: 'Facility water',
};

export const energyFlowSchema = z.object({
  scope: scopeDescriptionSchema,
  ...period,
  links: z.array(
    z.object({
      source: z.enum(ENERGY_FLOW_NODES),
      target: z.enum(ENERGY_FLOW_NODES),
      /** Average over the period. */
      kw: z.number(),
      kwh: z.number(),
    }),
  ),
});
export type EnergyFlow = z.infer<typeof energyFlowSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/efficiency/ranking

export const rankingEntrySchema = z.object({
  rank: z.number().int().nullable(),
  kind: z.enum(['datacenter', 'room']),
  id: z.number().int(),
  name: z.string(),
  /** The room's datacenter, if any. */
  datacenterName: z.string().nullable(),
  itPowerKw: kw,
  heatRemovedKw: kw,
  liquidSharePercent: z.number().nullable(),
  utilisationPercent: z.number().nullable(),
  coolingOverheadRatio: z.number().nullable(),
  /** The same ratio over the previous period of equal length. */
  previousCoolingOverheadRatio: z.number().nullable(),
});
export type RankingEntry = z.infer<typeof rankingEntrySchema>;

export const efficiencyRankingSchema = z.object({
  ...period,
  /** Best first: lowest cooling overhead ratio, then the largest liquid share; no data last. */
  datacenters: z.array(rankingEntrySchema),
  rooms: z.array(rankingEntrySchema),
});
export type EfficiencyRanking = z.infer<typeof efficiencyRankingSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/efficiency/settings, PUT /api/efficiency/settings/{datacenterId}

export const facilityMeterSettingSchema = z.object({
  datacenterId: z.number().int(),
  datacenterName: z.string(),
  declaredPue: z.number().nullable(),
  facilityMeterDeviceId: z.number().int().nullable(),
  facilityMeterName: z.string().nullable(),
});
export type FacilityMeterSetting = z.infer<typeof facilityMeterSettingSchema>;

export const efficiencySettingsSchema = z.object({
  datacenters: z.array(facilityMeterSettingSchema),
  /** Devices that may serve as a facility meter (their total power is the facility's input). */
  meterCandidates: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type EfficiencySettings = z.infer<typeof efficiencySettingsSchema>;

export const facilityMeterBodySchema = z
  .object({
    declaredPue: z
      .number({ error: EFFICIENCY_MESSAGES.pue })
      .min(1, EFFICIENCY_MESSAGES.pue)
      .max(5, EFFICIENCY_MESSAGES.pue)
      .nullable()
      .default(null),
    facilityMeterDeviceId: z
      .number({ error: EFFICIENCY_MESSAGES.meterNotFound })
      .int(EFFICIENCY_MESSAGES.meterNotFound)
      .positive(EFFICIENCY_MESSAGES.meterNotFound)
      .max(ID_MAX, EFFICIENCY_MESSAGES.meterNotFound)
      .nullable()
      .default(null),
  })
  .strict()
  .refine((body) => body.declaredPue === null || body.facilityMeterDeviceId === null, {
    message: EFFICIENCY_MESSAGES.oneSource,
  });
export type FacilityMeterBody = z.input<typeof facilityMeterBodySchema>;
