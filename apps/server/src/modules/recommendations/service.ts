import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  NOTHING_TO_REVERT,
  REALISED_WINDOW_MS,
  RECOMMENDATION_FRESH_MS,
  RECOMMENDATION_INTERVAL_MS,
  RECOMMENDATION_NOT_FOUND,
  RECOMMENDATION_NOT_PROPOSED,
  RECOMMENDATION_NOW_UNSAFE,
  RECOMMENDATION_ONLY_PCDU,
  RECOMMENDATION_STALE,
  RECOMMENDATION_WATER_CLASS,
  equipmentMetricName,
  maxSupplyOfClass,
  type EquipmentDetail,
  type EquipmentRecommendations,
  type PredictedPoint,
  type Recommendation,
  type RecommendationsFeed,
  type Risk,
  type TwinFit,
} from '@brezza/contract';
import {
  APPLY_MARGIN_SIGMA,
  DEFAULT_CONSTRAINTS,
  DEFAULT_PCDU_PARAMETERS,
  DEFAULT_PLANT_PARAMETERS,
  LOW_RISK_SIGMA,
  calibrate,
  evaluate,
  measuredHeatLoadKw,
  realisedSaving,
  recommend,
  type CalibrationSample,
  type Evaluation,
  type PcduParameters,
  type Setpoints,
  type TwinInputs,
} from '@brezza/cooling-model';
import type { DB } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { createAuditRepository, type Actor } from '../audit/repository.js';
import { HYSTERESIS, decide, type Standing } from './hysteresis.js';
import { createRecommendationsRepository, type RecommendationRow } from './repository.js';

type EquipmentService = FastifyInstance['equipment'];
type MetricsStore = FastifyInstance['metricsStore'];

/** The history the twin is calibrated on, and the step it is read at (bounded fitting cost). */
const CALIBRATION_WINDOW_MS = 6 * 3_600_000;
const CALIBRATION_STEP_MS = 60_000;
/** The recent load the setpoints are tried against. */
const LOAD_WINDOW_MS = 3_600_000;
/** A unit silent for longer is not recommended for: its recent load is not known. */
const MAX_READING_AGE_MS = 2 * 60_000;
/** The realised saving needs at least this share of the hour's samples. */
const MIN_REALISED_COVERAGE = 0.5;
const UNIT_HISTORY = 20;
const FEED_SIZE = 20;

export const AUTOMATIC_ACTOR_NAME = 'Automatic mode';

export const NOTES = {
  stale: 'No recent readings from this unit: the twin cannot be tried on its current load.',
  manual: 'The unit is in MANUAL control: recommendations need the ΔT loop (AUTO).',
  history: 'Not enough history yet to calibrate the twin (about an hour of readings is needed).',
  waterClass: (supplyC: number) =>
    `The facility water supply (${supplyC.toFixed(1)} °C) is above class ${RECOMMENDATION_WATER_CLASS}: the twin is not trusted outside it.`,
  efficient:
    'The current setpoints are within 1 % of the least cooling energy the twin finds safe.',
  holding: (holdMinutes: number) =>
    `The setpoints applied last stand for ${holdMinutes} minutes before the twin proposes others (sooner only if they become unsafe).`,
  notBetter: (gainPercent: number) =>
    `The setpoints in force are kept: nothing the twin finds safe saves ${gainPercent} % more than them.`,
  infeasible: 'The twin finds no setpoints that keep every constraint at the recent load.',
  pending: 'A setpoint change is pending on this unit.',
} as const;

/** The sensors the twin reads, by their metric names. */
const METRICS = {
  waterInletC: equipmentMetricName('pcdu', 'water_inlet_temperature'),
  waterOutletC: equipmentMetricName('pcdu', 'water_outlet_temperature'),
  waterFlowLpm: equipmentMetricName('pcdu', 'wflow'),
  valvePercent: equipmentMetricName('pcdu', 'valveNow'),
  coolantSupplyC: equipmentMetricName('pcdu', 'refrigerant_supply_temperature'),
  coolantReturnC: equipmentMetricName('pcdu', 'refrigerant_return_temperature'),
  coolantFlowKgPerMin: equipmentMetricName('pcdu', 'ref_m'),
} as const;

interface StoredTwin {
  parameters: PcduParameters;
  error: TwinFit['error'];
  samples: number;
  fittedAt: string;
}

export interface RecommendationsServiceDeps {
  db: Kysely<DB>;
  equipment: EquipmentService;
  metricsStore: MetricsStore;
  /** Reports what a background pass could not do (an automatic apply refused, say). */
  log: (error: unknown, message: string) => void;
  now?: () => Date;
}

const parse = <T>(text: string) => JSON.parse(text) as T;

function view(row: RecommendationRow): Recommendation {
  return {
    id: row.id,
    equipmentId: row.server_id,
    equipmentName: row.equipment_name,
    setpoints: { valveSetpoint: row.valve_setpoint, deltaTSetpoint: row.delta_t_setpoint },
    baseline: {
      valveSetpoint: row.baseline_valve_setpoint,
      deltaTSetpoint: row.baseline_delta_t_setpoint,
    },
    predictedSavingPercent: row.predicted_saving_percent,
    predicted: parse(row.predicted),
    risk: parse<Risk>(row.risk),
    createdAt: row.created_at,
    checkedAt: row.checked_at,
    status: row.status,
    appliedBy: row.applied_by,
    appliedAt: row.applied_at,
    commandId: row.command_id,
    reason: row.reason,
    realised: row.realised === null ? null : parse(row.realised),
  };
}

function twinView(row: RecommendationRow | undefined): TwinFit | null {
  if (!row) return null;
  const twin = parse<StoredTwin>(row.twin);
  return {
    effectiveness: twin.parameters.effectiveness,
    maxWaterFlowLpm: twin.parameters.maxWaterFlowLpm,
    loopHeatCapacityKjPerK: twin.parameters.loopHeatCapacityKjPerK,
    coolantFlowKgPerS: twin.parameters.nominalCoolantFlowKgPerS,
    error: twin.error,
    samples: twin.samples,
    fittedAt: twin.fittedAt,
  };
}

const toSetpoints = (valveSetpoint: number, deltaTSetpoint: number): Setpoints => ({
  valveSetpoint,
  deltaTSetpointK: deltaTSetpoint,
});

/** The stored samples of one unit, aligned on the query's steps (steps missing a sensor dropped). */
export function alignSamples(
  series: Record<keyof typeof METRICS, Map<number, number>>,
): CalibrationSample[] {
  const samples: CalibrationSample[] = [];
  for (const [timestampMs, waterInletC] of series.waterInletC) {
    const at = (key: keyof typeof METRICS) => series[key].get(timestampMs);
    const values = {
      waterOutletC: at('waterOutletC'),
      waterFlowLpm: at('waterFlowLpm'),
      valvePercent: at('valvePercent'),
      coolantSupplyC: at('coolantSupplyC'),
      coolantReturnC: at('coolantReturnC'),
      coolantFlowKgPerMin: at('coolantFlowKgPerMin'),
    };
    if (Object.values(values).some((v) => v === undefined)) continue;
    samples.push({
      timestampMs,
      waterInletC,
      waterOutletC: values.waterOutletC!,
      waterFlowLpm: values.waterFlowLpm!,
      valvePercent: values.valvePercent!,
      coolantSupplyC: values.coolantSupplyC!,
      coolantReturnC: values.coolantReturnC!,
      coolantFlowKgPerS: values.coolantFlowKgPerMin! / 60,
    });
  }
  return samples.sort((a, b) => a.timestampMs - b.timestampMs);
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

const sameSetpoints = (a: Setpoints, b: Setpoints) =>
  a.valveSetpoint === b.valveSetpoint && Math.abs(a.deltaTSetpointK - b.deltaTSetpointK) < 0.05;

const savingPercent = (evaluation: Evaluation, baseline: Evaluation) =>
  baseline.coolingPowerKw > 0
    ? (100 * (baseline.coolingPowerKw - evaluation.coolingPowerKw)) / baseline.coolingPowerKw
    : 0;

/** What a proposal row stores of the twin's verdict on its setpoints against the baseline. */
function verdict(evaluation: Evaluation, baseline: Evaluation) {
  const peak = evaluation.peak;
  const predicted: PredictedPoint & { coolingPowerKw: number; baselineCoolingPowerKw: number } = {
    heatLoadKw: round(peak.heatLoadKw, 2),
    coolantSupplyC: round(peak.coolantSupplyC, 2),
    coolantReturnC: round(peak.coolantReturnC, 2),
    waterInletC: round(peak.waterInletC, 2),
    waterOutletC: round(peak.waterOutletC, 2),
    waterFlowLpm: round(peak.waterFlowLpm, 2),
    valvePercent: round(peak.valvePercent, 2),
    coolingPowerKw: round(evaluation.coolingPowerKw, 4),
    baselineCoolingPowerKw: round(baseline.coolingPowerKw, 4),
  };
  const risk: Risk = {
    level: evaluation.nearest.sigma >= LOW_RISK_SIGMA ? 'low' : 'medium',
    nearestConstraint: evaluation.nearest.constraint,
    margin: round(evaluation.nearest.margin, 2),
    unit: evaluation.nearest.unit,
    marginSigma: round(evaluation.nearest.sigma, 1),
  };
  return {
    predicted_saving_percent: round(savingPercent(evaluation, baseline), 1),
    predicted: JSON.stringify(predicted),
    risk: JSON.stringify(risk),
  };
}

/**
 * Setpoint recommendations: each pCDU's twin (the shared cooling model calibrated on the unit's
 * own history) tries setpoints against the recent load; the cheapest that keep every constraint
 * are proposed (shadow mode). An operator applies one through the equipment command path (its
 * checks, audit and read-back), or automatic mode does under the same checks. An hour later the
 * realised saving is measured from the stored samples against the twin's baseline.
 */
export function createRecommendationsService({
  db,
  equipment,
  metricsStore,
  log,
  now = () => new Date(),
}: RecommendationsServiceDeps) {
  const repository = createRecommendationsRepository(db);
  /**
   * Why a unit has no open proposal, from its last run (kept in memory: it is recomputed). A
   * transient reason (no recent readings, a change pending) does not count as a run: the next
   * read tries again.
   */
  const notes = new Map<number, { at: number; note: string; transient: boolean }>();
  const running = new Map<number, Promise<void>>();

  async function history(
    organisationId: number,
    unitId: number,
    fromMs: number,
    toMs: number,
  ): Promise<CalibrationSample[]> {
    const entries = await Promise.all(
      (Object.keys(METRICS) as (keyof typeof METRICS)[]).map(async (key) => {
        const result = await metricsStore.queryRange({
          organisationId,
          metric: METRICS[key],
          deviceIds: [unitId],
          fromMs,
          toMs,
          stepMs: CALIBRATION_STEP_MS,
          aggregate: 'avg',
        });
        return [key, new Map(result.series[0]?.points ?? [])] as const;
      }),
    );
    return alignSamples(
      Object.fromEntries(entries) as Record<keyof typeof METRICS, Map<number, number>>,
    );
  }

  function currentSetpoints(detail: EquipmentDetail): Setpoints | null {
    const value = (key: string) => detail.sensors.find((s) => s.key === key)?.value;
    const valvePercent = value('valveSetpoint');
    const deltaT = value('deltaTSetpoint');
    if (typeof valvePercent !== 'number' || typeof deltaT !== 'number') return null;
    return toSetpoints(Math.round(valvePercent * 100), round(deltaT, 1));
  }

  function inputs(twin: StoredTwin, recent: CalibrationSample[]): TwinInputs {
    return {
      params: { ...twin.parameters, waterInletC: recent[recent.length - 1]!.waterInletC },
      plant: DEFAULT_PLANT_PARAMETERS,
      constraints: DEFAULT_CONSTRAINTS,
      uncertainty: {
        temperatureK: Math.max(twin.error.coolantSupplyK, twin.error.waterOutletK),
        flowLpm: twin.error.waterFlowLpm,
      },
      loadsKw: recent.map(measuredHeatLoadKw),
    };
  }

  /** Tries the unit's twin on its recent load; records a proposal, or why there is none. */
  async function generate(organisationId: number, unitId: number): Promise<void> {
    const at = now();
    const note = (text: string, transient = false) =>
      notes.set(unitId, { at: at.getTime(), note: text, transient });
    const detail = await equipment.detail(organisationId, unitId);
    if (detail.type !== 'pcdu') return;
    if (detail.pendingCommand) return void note(NOTES.pending, true);
    if (
      detail.lastSeenAt === null ||
      at.getTime() - Date.parse(detail.lastSeenAt) > MAX_READING_AGE_MS
    )
      return void note(NOTES.stale, true);
    const mode = detail.sensors.find((s) => s.key === 'ControlMode')?.value;
    if (mode === 'MANUAL') return void note(NOTES.manual);
    const current = currentSetpoints(detail);
    if (!current) return void note(NOTES.stale, true);

    const toMs = at.getTime();
    const samples = await history(organisationId, unitId, toMs - CALIBRATION_WINDOW_MS, toMs);
    const recent = samples.filter((s) => s.timestampMs >= toMs - LOAD_WINDOW_MS);
    if (recent.length === 0) return void note(NOTES.stale, true);
    const supplyC = recent[recent.length - 1]!.waterInletC;
    if (supplyC > maxSupplyOfClass(RECOMMENDATION_WATER_CLASS))
      return void note(NOTES.waterClass(supplyC));
    const fit = calibrate(samples, DEFAULT_PCDU_PARAMETERS);
    if (!fit) return void note(NOTES.history);
    const twin: StoredTwin = {
      parameters: fit.parameters,
      error: fit.error,
      samples: fit.samples,
      fittedAt: at.toISOString(),
    };
    const twinInputs = inputs(twin, recent);
    const proposal = recommend(twinInputs, current);
    const baseline = evaluate(twinInputs, current);
    const newest = await repository.newest(unitId);
    const standing = standingOf(newest, current, twinInputs, baseline);
    const decision = decide(
      standing?.standing ?? null,
      proposal && {
        setpoints: proposal.recommended.setpoints,
        savingPercent: proposal.savingPercent,
      },
      at.getTime(),
    );
    const open = newest?.status === 'proposed' ? newest : null;
    switch (decision.action) {
      case 'keep':
        if (standing?.standing.kind === 'proposal') {
          // The same setpoints, checked on this run's twin and load: fresh to apply again.
          notes.delete(unitId);
          await repository.update(standing.row.id, {
            ...verdict(standing.evaluation, baseline),
            twin: JSON.stringify(twin),
            checked_at: at.toISOString(),
          });
        } else {
          note(
            decision.reason === 'hold'
              ? NOTES.holding(HYSTERESIS.holdMs / 60_000)
              : NOTES.notBetter(HYSTERESIS.minGainPercent),
          );
        }
        return;
      case 'withdraw':
      case 'none':
        if (open) await repository.supersede(open.id);
        return void note(baseline.feasible ? NOTES.efficient : NOTES.infeasible);
      case 'propose':
      case 'replace':
        break;
    }
    const { recommended } = proposal!;
    notes.delete(unitId);
    await repository.propose({
      organisation_id: organisationId,
      server_id: unitId,
      valve_setpoint: recommended.setpoints.valveSetpoint,
      delta_t_setpoint: recommended.setpoints.deltaTSetpointK,
      baseline_valve_setpoint: current.valveSetpoint,
      baseline_delta_t_setpoint: current.deltaTSetpointK,
      ...verdict(recommended, baseline),
      twin: JSON.stringify(twin),
      status: 'proposed',
      created_at: at.toISOString(),
      checked_at: at.toISOString(),
      command_id: null,
      revert_command_id: null,
      applied_by: null,
      applied_at: null,
      reason: null,
      realised: null,
    });
  }

  /**
   * What stands on the unit, as the hysteresis weighs it: its open proposal while the setpoints
   * it was made from are still in force, or the setpoints of the recommendation applied last
   * while they are; null otherwise (the operator changed them since, or nothing was proposed).
   */
  function standingOf(
    newest: RecommendationRow | undefined,
    current: Setpoints,
    twinInputs: TwinInputs,
    baseline: Evaluation,
  ): { row: RecommendationRow; standing: Standing; evaluation: Evaluation } | null {
    if (!newest) return null;
    const setpoints = toSetpoints(newest.valve_setpoint, newest.delta_t_setpoint);
    if (newest.status === 'proposed') {
      const from = toSetpoints(newest.baseline_valve_setpoint, newest.baseline_delta_t_setpoint);
      if (!sameSetpoints(from, current)) return null;
      const evaluation = evaluate(twinInputs, setpoints);
      return {
        row: newest,
        evaluation,
        standing: {
          kind: 'proposal',
          setpoints,
          sinceMs: Date.parse(newest.created_at),
          feasibleNow: evaluation.feasible,
          savingNowPercent: savingPercent(evaluation, baseline),
        },
      };
    }
    if (
      newest.status !== 'applied' ||
      newest.revert_command_id !== null ||
      newest.applied_at === null ||
      !sameSetpoints(setpoints, current)
    )
      return null;
    return {
      row: newest,
      evaluation: baseline,
      standing: {
        kind: 'inForce',
        setpoints: current,
        sinceMs: Date.parse(newest.applied_at),
        feasibleNow: baseline.feasible,
        savingNowPercent: 0,
      },
    };
  }

  /** Runs the twin when the unit's last run is older than the interval (one run at a time). */
  async function refresh(organisationId: number, unitId: number): Promise<void> {
    const inFlight = running.get(unitId);
    if (inFlight) return inFlight;
    const newest = await repository.newest(unitId);
    const noted = notes.get(unitId);
    const lastRun = Math.max(
      newest ? Date.parse(newest.checked_at) : 0,
      noted && !noted.transient ? noted.at : 0,
    );
    if (now().getTime() - lastRun < RECOMMENDATION_INTERVAL_MS) return;
    const run = generate(organisationId, unitId).finally(() => running.delete(unitId));
    running.set(unitId, run);
    return run;
  }

  /** Follows applied proposals' commands, and measures the realised saving once the hour is up. */
  async function settle(organisationId: number, unitId: number): Promise<void> {
    const open = await repository.open(unitId);
    if (open.length === 0) return;
    const commands = new Map(
      (await equipment.commands(organisationId, unitId)).map((c) => [c.id, c]),
    );
    for (const row of open) {
      if (row.status === 'pending' && row.command_id !== null) {
        const command = commands.get(row.command_id);
        if (command?.status === 'applied') {
          await repository.update(row.id, { status: 'applied', applied_at: command.completedAt });
        } else if (command?.status === 'failed') {
          await repository.update(row.id, { status: 'failed', reason: command.reason });
        }
        continue;
      }
      if (row.status !== 'applied') continue;
      if (row.revert_command_id !== null) {
        const revert = commands.get(row.revert_command_id);
        if (revert?.status === 'applied') {
          await repository.update(row.id, { status: 'reverted' });
          continue;
        }
        if (revert?.status === 'failed') {
          await repository.update(row.id, {
            revert_command_id: null,
            reason: `Revert failed: ${revert.reason ?? 'no reason given'}`,
          });
        }
      }
      if (row.realised === null && row.applied_at !== null) {
        await measure(organisationId, row);
      }
    }
  }

  /**
   * The realised saving: the cooling power the unit's measured water side needed over the hour
   * after the change, against the twin's prediction for the baseline setpoints under the load
   * measured over that same hour.
   */
  async function measure(organisationId: number, row: RecommendationRow): Promise<void> {
    const fromMs = Date.parse(row.applied_at!);
    const toMs = fromMs + REALISED_WINDOW_MS;
    if (now().getTime() < toMs) return;
    const samples = await history(organisationId, row.server_id, fromMs, toMs);
    if (samples.length < (MIN_REALISED_COVERAGE * REALISED_WINDOW_MS) / CALIBRATION_STEP_MS) return;
    const realised = realisedSaving(
      samples,
      parse<StoredTwin>(row.twin).parameters,
      toSetpoints(row.baseline_valve_setpoint, row.baseline_delta_t_setpoint),
      DEFAULT_PLANT_PARAMETERS,
    );
    if (!realised) return;
    await repository.update(row.id, {
      realised: JSON.stringify({
        savingPercent: round(realised.savingPercent, 1),
        coolingPowerKw: round(realised.coolingPowerKw, 4),
        baselineCoolingPowerKw: round(realised.baselineCoolingPowerKw, 4),
        measuredAt: now().toISOString(),
      }),
    });
  }

  async function requirePcdu(organisationId: number, unitId: number): Promise<EquipmentDetail> {
    const detail = await equipment.detail(organisationId, unitId);
    if (detail.type !== 'pcdu') throw badRequest(RECOMMENDATION_ONLY_PCDU);
    return detail;
  }

  /** Sends a proposal's setpoints through the equipment command path. */
  async function apply(actor: Actor, unitId: number, id: number): Promise<Recommendation> {
    await requirePcdu(actor.organisationId, unitId);
    const row = await repository.find(unitId, id);
    if (!row || row.organisation_id !== actor.organisationId)
      throw notFound(RECOMMENDATION_NOT_FOUND);
    if (row.status !== 'proposed') throw conflict(RECOMMENDATION_NOT_PROPOSED);
    if (now().getTime() - Date.parse(row.checked_at) > RECOMMENDATION_FRESH_MS)
      throw conflict(RECOMMENDATION_STALE);
    // The same checks as when it was proposed, on the load of the last hour as it is now.
    const toMs = now().getTime();
    const recent = await history(actor.organisationId, unitId, toMs - LOAD_WINDOW_MS, toMs);
    const setpoints = toSetpoints(row.valve_setpoint, row.delta_t_setpoint);
    if (
      recent.length === 0 ||
      evaluate(inputs(parse(row.twin), recent), setpoints).nearest.sigma < APPLY_MARGIN_SIGMA
    )
      throw conflict(RECOMMENDATION_NOW_UNSAFE);
    if (!(await repository.claim(row.id, actor.name, now().toISOString())))
      throw conflict(RECOMMENDATION_NOT_PROPOSED);
    try {
      const command = await equipment.command(actor, unitId, {
        kind: 'setpoints',
        setpoints: { valveSetpoint: row.valve_setpoint, deltaTSetpoint: row.delta_t_setpoint },
      });
      await repository.update(row.id, { command_id: command.id });
    } catch (error) {
      await repository.release(row.id);
      throw error;
    }
    return view((await repository.find(unitId, id))!);
  }

  return {
    /** One unit's recommendations, newest first, after a run of its twin when one is due. */
    async forUnit(organisationId: number, unitId: number): Promise<EquipmentRecommendations> {
      await requirePcdu(organisationId, unitId);
      await settle(organisationId, unitId);
      await refresh(organisationId, unitId);
      const rows = await repository.forUnit(unitId, UNIT_HISTORY);
      const open = rows.some((row) => row.status === 'proposed');
      return {
        recommendations: rows.map(view),
        twin: twinView(rows[0]),
        note: open ? null : (notes.get(unitId)?.note ?? null),
        automaticMode: await repository.automaticMode(organisationId),
      };
    },

    /** The organisation's feed: every pCDU's newest recommendations. */
    async feed(organisationId: number): Promise<RecommendationsFeed> {
      const units = (await equipment.list(organisationId)).filter((u) => u.type === 'pcdu');
      for (const unit of units) {
        await settle(organisationId, unit.id);
        await refresh(organisationId, unit.id);
      }
      const rows = await repository.forOrganisation(organisationId, FEED_SIZE);
      return {
        recommendations: rows.map(view),
        automaticMode: await repository.automaticMode(organisationId),
      };
    },

    apply,

    /** Puts back the setpoints that were in force before the last applied recommendation. */
    async revert(actor: Actor, unitId: number): Promise<Recommendation> {
      await requirePcdu(actor.organisationId, unitId);
      await settle(actor.organisationId, unitId);
      const row = await repository.lastApplied(unitId);
      if (!row || row.status !== 'applied' || row.revert_command_id !== null)
        throw conflict(NOTHING_TO_REVERT);
      const command = await equipment.command(actor, unitId, {
        kind: 'setpoints',
        setpoints: {
          valveSetpoint: row.baseline_valve_setpoint,
          deltaTSetpoint: row.baseline_delta_t_setpoint,
        },
      });
      await repository.update(row.id, { revert_command_id: command.id, reason: null });
      return view((await repository.find(unitId, row.id))!);
    },

    async settings(organisationId: number) {
      return { automaticMode: await repository.automaticMode(organisationId) };
    },

    /** Turns automatic mode on or off, audited in the same transaction. */
    async setAutomaticMode(actor: Actor, automaticMode: boolean) {
      await db.transaction().execute(async (trx) => {
        const organisation = await trx
          .selectFrom('organisations')
          .select('name')
          .where('id', '=', actor.organisationId)
          .executeTakeFirstOrThrow();
        const before = await createRecommendationsRepository(trx).automaticMode(
          actor.organisationId,
        );
        const at = now().toISOString();
        await trx
          .insertInto('recommendation_settings')
          .values({
            organisation_id: actor.organisationId,
            automatic_mode: automaticMode ? 1 : 0,
            updated_by: actor.name,
            updated_at: at,
          })
          .onConflict((oc) =>
            oc.column('organisation_id').doUpdateSet({
              automatic_mode: automaticMode ? 1 : 0,
              updated_by: actor.name,
              updated_at: at,
            }),
          )
          .execute();
        if (before !== automaticMode) {
          await createAuditRepository(trx).record(actor, {
            action: 'update',
            entity: 'organisation',
            entityId: actor.organisationId,
            entityName: organisation.name,
            before: { recommendationsAutomaticMode: before },
            after: { recommendationsAutomaticMode: automaticMode },
          });
        }
      });
      return { automaticMode };
    },

    /**
     * The scheduled loop (every RECOMMENDATION_INTERVAL_MS): each pCDU of the organisations the
     * plan allows is settled and tried on its twin; under automatic mode a fresh proposal is
     * applied at once by the same path an operator's Apply takes.
     */
    async runScheduled(allowed: (organisationId: number) => Promise<boolean>): Promise<void> {
      for (const organisationId of await repository.organisationsWithPcdus()) {
        if (!(await allowed(organisationId))) continue;
        const automatic = await repository.automaticMode(organisationId);
        const units = (await equipment.list(organisationId)).filter((u) => u.type === 'pcdu');
        for (const unit of units) {
          await settle(organisationId, unit.id);
          await refresh(organisationId, unit.id);
          if (!automatic) continue;
          const newest = await repository.newest(unit.id);
          if (newest?.status !== 'proposed') continue;
          await apply(
            { organisationId, id: null, name: AUTOMATIC_ACTOR_NAME },
            unit.id,
            newest.id,
          ).catch((error: unknown) =>
            log(error, `automatic mode could not apply recommendation ${newest.id}`),
          );
        }
      }
    },
  };
}

export type RecommendationsService = ReturnType<typeof createRecommendationsService>;
