import { sql, type Kysely, type Selectable } from 'kysely';
import {
  alertRuleSchema,
  conditionSchema,
  scopeSchema,
  equipmentMetricName,
  type AlertRule,
  type AlertStateName,
  type AlertTransition,
  type Severity,
} from '@brezza/contract';
import type { AlertRulesTable, DB } from '../../db/schema.js';
import {
  INITIAL_STATE,
  absentBreaches,
  breaches,
  formatValue,
  step,
  toNoData,
  type Observation,
  type SeriesState,
  type StepResult,
} from './evaluate.js';
import { inScope, seriesKey, severityReaches, type DeviceInfo } from './scope.js';
import { DEFAULT_RULES } from './default-rules.js';

/** A sample as the engine reads it (the metrics store's MetricSample, or a state word). */
export interface EngineSample {
  organisationId: number;
  deviceId: number;
  metric: string;
  labels?: Record<string, string>;
  timestampMs: number;
  value: number | string | boolean;
}

/** How often no data, absences and pending durations are looked at without new samples. */
export const ALERT_TICK_MS = 2_000;
/** A threshold rule's series goes to "no data" when its device has not reported for this long. */
export const NO_DATA_AFTER_MS = 10 * 60_000;
/** Rules and devices are re-read this often, so another instance's edits apply here too. */
const RELOAD_MS = 15_000;

interface CachedSeries {
  id: number | null;
  version: number;
  state: SeriesState;
}

interface OrgCache {
  rules: AlertRule[];
  devices: Map<number, DeviceInfo>;
  /** The hierarchy's stamp when `devices` was read: the devices are read again when it changes. */
  hierarchyStamp: string | null;
  /** The newest last-seen time read so far: each tick reads only what was seen since. */
  seenCursor: string | null;
  series: Map<string, CachedSeries>;
  loadedAt: number;
  /** Samples of one organisation are evaluated in order, one batch at a time. */
  queue: Promise<void>;
}

export function ruleFromRow(row: Selectable<AlertRulesTable>): AlertRule {
  return alertRuleSchema.parse({
    id: row.id,
    name: row.name,
    enabled: Number(row.enabled) === 1,
    severity: row.severity,
    scope: scopeSchema.parse(JSON.parse(row.scope)),
    metric: row.metric,
    condition: conditionSchema.parse(JSON.parse(row.condition)),
    forSeconds: row.for_seconds,
    description: row.description,
    builtin: row.builtin,
    updatedAt: row.updated_at,
  });
}

/** Inserts the default pack once per organisation (the pack row's primary key decides). */
export async function ensureDefaultPack(db: Kysely<DB>, organisationId: number): Promise<void> {
  const seeded = await db
    .selectFrom('alert_packs')
    .select('organisation_id')
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (seeded) return;
  await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const inserted = await trx
      .insertInto('alert_packs')
      .values({ organisation_id: organisationId, created_at: now })
      .onConflict((oc) => oc.column('organisation_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
    await trx
      .insertInto('alert_rules')
      .values(
        DEFAULT_RULES.map((rule) => ({
          organisation_id: organisationId,
          name: rule.name,
          enabled: 1,
          severity: rule.severity,
          scope: JSON.stringify(rule.scope),
          metric: rule.metric ?? null,
          condition: JSON.stringify(rule.condition),
          for_seconds: rule.forSeconds,
          description: rule.description ?? '',
          builtin: rule.builtin,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  });
}

/** Ids per `IN (...)` list: well under SQLite's and PostgreSQL's bound-parameter limits. */
const DEVICE_IDS_PER_READ = 1_000;

/**
 * The organisation's devices with their placement and last-seen time; `deviceIds` narrows the
 * read to those devices (a transition's silences and routes need one, the alerts list the few
 * with alerts: not 100,000).
 */
export async function loadDevices(
  db: Kysely<DB>,
  organisationId: number,
  deviceIds?: Iterable<number>,
): Promise<Map<number, DeviceInfo>> {
  const query = db
    .selectFrom('servers as s')
    .leftJoin('racks as r', 'r.id', 's.rack_id')
    .leftJoin('rooms as rm', (join) =>
      join.on(sql`rm.id`, '=', sql`coalesce(r.room_id, s.room_id)`),
    )
    .leftJoin('equipment as e', 'e.server_id', 's.id')
    .select([
      's.id',
      's.server_name',
      's.device_type',
      's.rack_id',
      'rm.id as room_id',
      'rm.datacenter_id',
      's.last_seen_at',
      'e.last_seen_at as equipment_seen_at',
    ])
    .where('s.organisation_id', '=', organisationId);
  let rows: Awaited<ReturnType<typeof query.execute>>;
  if (deviceIds === undefined) {
    rows = await query.execute();
  } else {
    const ids = [...new Set(deviceIds)];
    rows = [];
    for (let i = 0; i < ids.length; i += DEVICE_IDS_PER_READ) {
      const slice = ids.slice(i, i + DEVICE_IDS_PER_READ);
      rows.push(...(await query.where('s.id', 'in', slice).execute()));
    }
  }
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.server_name,
        type: row.device_type,
        rackId: row.rack_id,
        roomId: row.room_id ?? null,
        datacenterId: row.datacenter_id ?? null,
        lastSeenMs: lastSeenMs(row.last_seen_at, row.equipment_seen_at),
      },
    ]),
  );
}

function lastSeenMs(...times: (string | null)[]): number | null {
  const seen = times.filter((at): at is string => !!at).map((at) => Date.parse(at));
  return seen.length > 0 ? Math.max(...seen) : null;
}

/** The newest of the devices' last-seen times, as the database writes them (ISO-8601). */
function newestSeen(devices: Map<number, DeviceInfo>): string | null {
  let newest: number | null = null;
  for (const device of devices.values())
    if (device.lastSeenMs !== null && (newest === null || device.lastSeenMs > newest))
      newest = device.lastSeenMs;
  return newest === null ? null : new Date(newest).toISOString();
}

async function hierarchyStamp(db: Kysely<DB>, organisationId: number): Promise<string | null> {
  const row = await db
    .selectFrom('hierarchy_versions')
    .select('stamp')
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return row?.stamp ?? null;
}

/**
 * Last-seen times written since `cursor` (by this instance's ingest or another's). Answers null
 * when a device is unknown to `devices` (one was added), so that the caller reads them all.
 */
async function updateLastSeen(
  db: Kysely<DB>,
  organisationId: number,
  devices: Map<number, DeviceInfo>,
  cursor: string | null,
): Promise<string | null | undefined> {
  const since = cursor ?? '';
  const rows = await db
    .selectFrom('servers as s')
    .leftJoin('equipment as e', 'e.server_id', 's.id')
    .select(['s.id', 's.last_seen_at', 'e.last_seen_at as equipment_seen_at'])
    .where('s.organisation_id', '=', organisationId)
    // Equal times too: two writes within one millisecond must not be missed.
    .where((eb) => eb.or([eb('s.last_seen_at', '>=', since), eb('e.last_seen_at', '>=', since)]))
    .execute();
  let newest = cursor;
  for (const row of rows) {
    const device = devices.get(row.id);
    if (!device) return undefined;
    const seen = lastSeenMs(row.last_seen_at, row.equipment_seen_at);
    if (seen !== null) device.lastSeenMs = Math.max(device.lastSeenMs ?? 0, seen);
    for (const at of [row.last_seen_at, row.equipment_seen_at])
      if (at && (newest === null || at > newest)) newest = at;
  }
  return newest;
}

export interface TransitionRecorded {
  organisationId: number;
  eventId: number;
  transition: AlertTransition;
  notify: boolean;
}

export interface EngineDeps {
  db: Kysely<DB>;
  now(): number;
  /** Called after a transition committed (the notifier delivers what it queued). */
  onTransition(recorded: TransitionRecorded): void;
  log(error: unknown): void;
  /** Whether the organisation's plan includes alerts (Argento and above). */
  alertsAllowed(organisationId: number): Promise<boolean>;
}

const cacheKey = (ruleId: number, deviceId: number, series: string) =>
  `${ruleId}:${deviceId}:${series}`;

/**
 * The evaluation engine: keeps each organisation's rules, devices and series states in memory,
 * evaluates samples as they are stored, and writes a state only on a transition, through a
 * compare-and-set on the state row's version (an insert for a series' first transition). Losing
 * the race (another instance recorded it) reloads the row and evaluates again.
 */
export function createAlertEngine(deps: EngineDeps) {
  const { db } = deps;
  const orgs = new Map<number, Promise<OrgCache>>();
  const plans = new Map<number, { allowed: Promise<boolean>; untilMs: number }>();

  /**
   * An organisation whose plan lacks alerts is neither evaluated nor notified: its states stay as
   * they were until a plan includes alerts again. A plan that includes them is re-read as often
   * as the rules; one that does not at every tick, so that a purchase applies within seconds.
   */
  function allowed(organisationId: number): Promise<boolean> {
    const known = plans.get(organisationId);
    if (known && deps.now() < known.untilMs) return known.allowed;
    const fresh = deps.alertsAllowed(organisationId);
    const entry = { allowed: fresh, untilMs: deps.now() + ALERT_TICK_MS };
    plans.set(organisationId, entry);
    fresh.then(
      (yes) => {
        if (yes) entry.untilMs = deps.now() + RELOAD_MS;
      },
      () => plans.delete(organisationId),
    );
    return fresh;
  }

  async function load(organisationId: number): Promise<OrgCache> {
    await ensureDefaultPack(db, organisationId);
    // Read before the devices: a change in between is then seen as a change at the next refresh.
    const stamp = await hierarchyStamp(db, organisationId);
    const [ruleRows, devices, stateRows] = await Promise.all([
      db
        .selectFrom('alert_rules')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .execute(),
      loadDevices(db, organisationId),
      db
        .selectFrom('alert_states')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .execute(),
    ]);
    const series = new Map<string, CachedSeries>();
    for (const row of stateRows)
      series.set(cacheKey(row.rule_id, row.device_id, row.series_key), fromRow(row));
    return {
      rules: ruleRows.map(ruleFromRow),
      devices,
      hierarchyStamp: stamp,
      seenCursor: newestSeen(devices),
      series,
      loadedAt: deps.now(),
      queue: Promise.resolve(),
    };
  }

  function fromRow(row: {
    id: number;
    version: number;
    state: string;
    since_ms: number | string;
    value: string | null;
    evaluated_ms: number | string;
  }): CachedSeries {
    return {
      id: row.id,
      version: row.version,
      state: {
        state: row.state as AlertStateName,
        sinceMs: Number(row.since_ms),
        value: row.value,
        evaluatedMs: Number(row.evaluated_ms),
      },
    };
  }

  async function org(organisationId: number): Promise<OrgCache> {
    let cached = orgs.get(organisationId);
    if (!cached) {
      cached = load(organisationId);
      orgs.set(organisationId, cached);
      cached.catch(() => orgs.delete(organisationId));
    }
    const cache = await cached;
    if (deps.now() - cache.loadedAt > RELOAD_MS) await refresh(cache, organisationId);
    return cache;
  }

  async function refresh(cache: OrgCache, organisationId: number) {
    cache.loadedAt = deps.now();
    const ruleRows = await db
      .selectFrom('alert_rules')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .execute();
    cache.rules = ruleRows.map(ruleFromRow);
    // Reading every device is costly at 100,000 servers: only when one was added, moved or
    // removed (every such change replaces the hierarchy's stamp).
    const stamp = await hierarchyStamp(db, organisationId);
    if (stamp !== cache.hierarchyStamp) await reloadDevices(cache, organisationId, stamp);
  }

  async function reloadDevices(cache: OrgCache, organisationId: number, stamp: string | null) {
    const devices = await loadDevices(db, organisationId);
    // What this instance saw that the database may not hold yet is kept.
    for (const [id, device] of devices) {
      const known = cache.devices.get(id)?.lastSeenMs ?? null;
      if (known !== null) device.lastSeenMs = Math.max(device.lastSeenMs ?? 0, known);
    }
    cache.devices = devices;
    cache.hierarchyStamp = stamp;
    cache.seenCursor = newestSeen(devices);
  }

  /** Applies one step; on a transition, records it (or adopts the state another instance wrote). */
  async function apply(
    organisationId: number,
    cache: OrgCache,
    rule: AlertRule,
    deviceId: number,
    series: string,
    compute: (state: SeriesState) => StepResult,
  ): Promise<void> {
    const key = cacheKey(rule.id, deviceId, series);
    const current = cache.series.get(key) ?? { id: null, version: 0, state: INITIAL_STATE };
    const result = compute(current.state);
    if (!result.changed) {
      if (result.next !== current.state) cache.series.set(key, { ...current, state: result.next });
      return;
    }
    const won = await record(organisationId, rule, deviceId, series, current, result);
    if (won) {
      cache.series.set(key, won);
      return;
    }
    // Another instance moved this series first: take its state and evaluate once more.
    const row = await db
      .selectFrom('alert_states')
      .selectAll()
      .where('rule_id', '=', rule.id)
      .where('device_id', '=', deviceId)
      .where('series_key', '=', series)
      .executeTakeFirst();
    if (!row) return;
    const adopted = fromRow(row);
    cache.series.set(key, adopted);
    const again = compute(adopted.state);
    if (!again.changed) return;
    const second = await record(organisationId, rule, deviceId, series, adopted, again);
    if (second) cache.series.set(key, second);
  }

  async function record(
    organisationId: number,
    rule: AlertRule,
    deviceId: number,
    series: string,
    current: CachedSeries,
    result: StepResult,
  ): Promise<CachedSeries | null> {
    const { next, transition } = result;
    const clearsAck = next.state === 'normal';
    const outcome = await db.transaction().execute(async (trx) => {
      let id = current.id;
      if (id === null) {
        const inserted = await trx
          .insertInto('alert_states')
          .values({
            organisation_id: organisationId,
            rule_id: rule.id,
            device_id: deviceId,
            series_key: series,
            state: next.state,
            since_ms: next.sinceMs,
            value: next.value,
            evaluated_ms: next.evaluatedMs,
            version: 1,
          })
          .onConflict((oc) => oc.columns(['rule_id', 'device_id', 'series_key']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return null;
        id = inserted.id;
      } else {
        const updated = await trx
          .updateTable('alert_states')
          .set({
            state: next.state,
            since_ms: next.sinceMs,
            value: next.value,
            evaluated_ms: next.evaluatedMs,
            version: current.version + 1,
            ...(clearsAck ? { acknowledged_by: null, acknowledged_at: null } : {}),
          })
          .where('id', '=', id)
          .where('version', '=', current.version)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return null;
      }
      if (!transition) return { id, eventId: null, notify: false };
      const at = new Date(next.sinceMs).toISOString();
      const silenced = await isSilenced(trx, organisationId, rule, deviceId, at);
      const event = await trx
        .insertInto('alert_events')
        .values({
          organisation_id: organisationId,
          state_id: id,
          transition,
          value: next.value,
          silenced: silenced ? 1 : 0,
          at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const notify = !silenced && (transition === 'firing' || transition === 'resolved');
      if (notify) await queueDeliveries(trx, organisationId, rule.severity, deviceId, event.id);
      return { id, eventId: event.id, notify };
    });
    if (!outcome) return null;
    if (outcome.eventId !== null && transition) {
      deps.onTransition({
        organisationId,
        eventId: outcome.eventId,
        transition,
        notify: outcome.notify,
      });
    }
    return { id: outcome.id, version: current.id === null ? 1 : current.version + 1, state: next };
  }

  async function deviceOf(trx: Kysely<DB>, organisationId: number, deviceId: number) {
    const devices = await loadDevices(trx, organisationId, [deviceId]);
    return devices.get(deviceId);
  }

  async function isSilenced(
    trx: Kysely<DB>,
    organisationId: number,
    rule: AlertRule,
    deviceId: number,
    at: string,
  ): Promise<boolean> {
    const silences = await trx
      .selectFrom('silences')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .where('starts_at', '<=', at)
      .where('ends_at', '>', at)
      .execute();
    if (silences.length === 0) return false;
    const device = await deviceOf(trx, organisationId, deviceId);
    if (!device) return false;
    return silences.some(
      (s) =>
        (s.rule_id === null || s.rule_id === rule.id) &&
        (s.severity === null || s.severity === rule.severity) &&
        inScope(scopeSchema.parse(JSON.parse(s.scope)), device),
    );
  }

  async function queueDeliveries(
    trx: Kysely<DB>,
    organisationId: number,
    severity: Severity,
    deviceId: number,
    eventId: number,
  ) {
    const channels = await trx
      .selectFrom('notification_channels')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .execute();
    if (channels.length === 0) return;
    const device = await deviceOf(trx, organisationId, deviceId);
    if (!device) return;
    const now = new Date(deps.now()).toISOString();
    const routed = channels.filter(
      (c) =>
        severityReaches(severity, c.min_severity as Severity) &&
        inScope(scopeSchema.parse(JSON.parse(c.scope)), device),
    );
    if (routed.length === 0) return;
    await trx
      .insertInto('notification_deliveries')
      .values(
        routed.map((c) => ({
          organisation_id: organisationId,
          channel_id: c.id,
          event_id: eventId,
          status: 'pending',
          attempts: 0,
          next_attempt_at: now,
          created_at: now,
        })),
      )
      .execute();
  }

  /** pCDU and PDU state words, read from the units' latest values after their samples. */
  async function stateWords(
    cache: OrgCache,
    samples: readonly EngineSample[],
  ): Promise<EngineSample[]> {
    const wanted = new Set(
      cache.rules
        .filter((r) => r.enabled && r.condition.kind === 'equals' && r.metric)
        .map((r) => r.metric!),
    );
    if (wanted.size === 0) return [];
    const units = new Map<number, number>();
    for (const s of samples) {
      const device = cache.devices.get(s.deviceId);
      if (device && device.type !== 'server')
        units.set(s.deviceId, Math.max(units.get(s.deviceId) ?? 0, s.timestampMs));
    }
    if (units.size === 0) return [];
    const readings = await db
      .selectFrom('equipment_readings')
      .select(['server_id', 'sensor', 'value'])
      .where('server_id', 'in', [...units.keys()])
      .execute();
    const words: EngineSample[] = [];
    for (const reading of readings) {
      const device = cache.devices.get(reading.server_id)!;
      const metric = equipmentMetricName(device.type as 'pcdu' | 'pdu', reading.sensor);
      if (!wanted.has(metric)) continue;
      const value = JSON.parse(reading.value) as unknown;
      if (typeof value !== 'string') continue;
      words.push({
        organisationId: samples[0]!.organisationId,
        deviceId: reading.server_id,
        metric,
        timestampMs: units.get(reading.server_id)!,
        value,
      });
    }
    return words;
  }

  async function evaluateBatch(organisationId: number, samples: readonly EngineSample[]) {
    const cache = await org(organisationId);
    if (samples.some((s) => !cache.devices.has(s.deviceId))) await refresh(cache, organisationId);
    const all = [...samples, ...(await stateWords(cache, samples))];
    const byMetric = new Map<string, AlertRule[]>();
    const absentRules = cache.rules.filter((r) => r.enabled && r.condition.kind === 'absent');
    for (const rule of cache.rules) {
      if (!rule.enabled || !rule.metric || rule.condition.kind === 'absent') continue;
      const list = byMetric.get(rule.metric) ?? [];
      list.push(rule);
      byMetric.set(rule.metric, list);
    }
    const seen = new Map<number, number>();
    for (const sample of all) {
      const device = cache.devices.get(sample.deviceId);
      if (!device) continue;
      seen.set(device.id, Math.max(seen.get(device.id) ?? 0, sample.timestampMs));
      for (const rule of byMetric.get(sample.metric) ?? []) {
        if (!inScope(rule.scope, device)) continue;
        const series = seriesKey(sample.labels);
        await apply(organisationId, cache, rule, device.id, series, (state) =>
          step(rule, state, {
            atMs: sample.timestampMs,
            breach: breaches(
              rule.condition,
              sample.value,
              state.state === 'pending' || state.state === 'firing',
            ),
            value: formatValue(sample.value),
          }),
        );
      }
    }
    // A report ends an absence at once rather than at the next tick.
    for (const [deviceId, atMs] of seen) {
      const device = cache.devices.get(deviceId)!;
      device.lastSeenMs = Math.max(device.lastSeenMs ?? 0, atMs);
      for (const rule of absentRules) {
        if (!inScope(rule.scope, device)) continue;
        const key = cacheKey(rule.id, deviceId, '');
        const state = cache.series.get(key)?.state.state;
        if (state !== 'firing' && state !== 'pending') continue;
        await apply(organisationId, cache, rule, deviceId, '', (s) =>
          step(rule, s, { atMs, breach: false, value: null }),
        );
      }
    }
  }

  async function tickOrg(organisationId: number) {
    const cache = await org(organisationId);
    // Device last-seen times from the database (another instance may have had the reports),
    // only those written since the last tick.
    const cursor = await updateLastSeen(db, organisationId, cache.devices, cache.seenCursor);
    if (cursor === undefined)
      await reloadDevices(cache, organisationId, await hierarchyStamp(db, organisationId));
    else cache.seenCursor = cursor;
    const now = deps.now();
    for (const rule of cache.rules) {
      if (!rule.enabled) continue;
      const condition = rule.condition;
      if (condition.kind === 'absent') {
        for (const device of cache.devices.values()) {
          if (!inScope(rule.scope, device)) continue;
          const breach = absentBreaches(condition, now, device.lastSeenMs);
          const obs: Observation = {
            atMs: now,
            breach,
            value:
              breach && device.lastSeenMs
                ? `${Math.round((now - device.lastSeenMs) / 1000)} s`
                : null,
          };
          const key = cacheKey(rule.id, device.id, '');
          const state = cache.series.get(key)?.state.state ?? 'normal';
          // Nothing to write for a reporting device that is already normal.
          if (!breach && state === 'normal') continue;
          await apply(organisationId, cache, rule, device.id, '', (s) => step(rule, s, obs));
        }
        continue;
      }
      for (const [key, entry] of cache.series) {
        if (!key.startsWith(`${rule.id}:`)) continue;
        const [, deviceText, ...rest] = key.split(':');
        const deviceId = Number(deviceText);
        const series = rest.join(':');
        const device = cache.devices.get(deviceId);
        if (!device) continue;
        if (device.lastSeenMs !== null && now - device.lastSeenMs > NO_DATA_AFTER_MS) {
          await apply(organisationId, cache, rule, deviceId, series, (s) => toNoData(s, now));
        } else if (
          entry.state.state === 'pending' &&
          now - entry.state.sinceMs >= rule.forSeconds * 1000
        ) {
          // The pending duration ran out between samples: the last sample still breaches.
          await apply(organisationId, cache, rule, deviceId, series, (s) =>
            step(rule, s, { atMs: now, breach: true, value: s.value }),
          );
        }
      }
    }
  }

  function enqueue(organisationId: number, work: () => Promise<void>): Promise<void> {
    const run = async () => {
      const cache = await org(organisationId);
      const next = cache.queue.then(work, work);
      cache.queue = next.catch((error: unknown) => deps.log(error));
      return cache.queue;
    };
    return run();
  }

  return {
    /** Evaluates stored samples (the telemetry stream's batches). */
    evaluate(samples: readonly EngineSample[]): Promise<void> {
      const byOrg = new Map<number, EngineSample[]>();
      for (const s of samples) {
        const list = byOrg.get(s.organisationId) ?? [];
        list.push(s);
        byOrg.set(s.organisationId, list);
      }
      return Promise.all(
        [...byOrg].map(async ([organisationId, list]) => {
          if (await allowed(organisationId))
            await enqueue(organisationId, () => evaluateBatch(organisationId, list));
        }),
      ).then(() => undefined);
    },
    /** No data, absences and pending durations: every organisation with rules. */
    async tick(): Promise<void> {
      const rows = await db.selectFrom('organisations').select('id').execute();
      for (const { id } of rows) if (await allowed(id)) await enqueue(id, () => tickOrg(id));
    },
    /** A rule changed here: re-read the organisation's rules before the next sample. */
    invalidate(organisationId: number) {
      plans.delete(organisationId);
      void orgs.get(organisationId)?.then((cache) => {
        cache.loadedAt = 0;
      });
    },
    /** The series' states as the engine holds them (for acknowledgement checks use the db). */
    forget(organisationId: number) {
      orgs.delete(organisationId);
    },
  };
}

export type AlertEngine = ReturnType<typeof createAlertEngine>;
