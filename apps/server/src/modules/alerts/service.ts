import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type {
  alertRuleBodySchema,
  notificationChannelBodySchema,
  silenceBodySchema,
} from '@brezza/contract';
import {
  ALERT_MESSAGES,
  CHANNEL_MESSAGES,
  METRIC_REQUIRED_MESSAGE,
  SILENCE_MESSAGES,
  scopeSchema,
  metricUnit,
  type Alert,
  type AlertEvent,
  type AlertRule,
  type AlertsList,
  type AlertsQuery,
  type CreatedNotificationChannel,
  type NotificationChannel,
  type NotificationDelivery,
  type Scope,
  type Silence,
  type AlertTransition,
  type Severity,
} from '@brezza/contract';
import type { z } from 'zod';
import type { DB, NotificationChannelsTable, SilencesTable } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { ensureDefaultPack, loadDevices, ruleFromRow, type AlertEngine } from './engine.js';
import { inScope, type DeviceInfo } from './scope.js';
import { prometheusRuleFile } from './prometheus.js';
import { deliveriesWithEvent, eventsWithRule } from './repository.js';

export interface Caller {
  organisationId: number;
  name: string;
  email: string;
}

const HISTORY_LIMIT = 200;

/** One recorded transition of an alert, for reports over a period. */
export interface PeriodTransition {
  alertId: number;
  ruleName: string;
  severity: Severity;
  deviceId: number;
  deviceName: string;
  transition: AlertTransition;
  atMs: number;
}

/** The operator API's rules: rules, alerts, acknowledgements, silences and channels. */
export function createAlertsService(deps: {
  db: Kysely<DB>;
  engine: AlertEngine;
  now(): number;
  /** Has the notifier send what is due now (a delivery an operator re-queued). */
  sendDue(): void;
}) {
  const { db, engine } = deps;
  const iso = () => new Date(deps.now()).toISOString();

  async function checkScope(organisationId: number, scope: Scope) {
    if (scope.kind === 'organisation' || scope.kind === 'deviceType') return;
    const table = {
      datacenter: 'datacenters',
      room: 'rooms',
      rack: 'racks',
      device: 'servers',
    } as const;
    const row = await db
      .selectFrom(table[scope.kind])
      .select('id')
      .where('id', '=', scope.id)
      .where('organisation_id', '=', organisationId)
      .executeTakeFirst();
    if (!row) throw notFound(ALERT_MESSAGES.scopeNotFound);
  }

  async function rules(organisationId: number): Promise<AlertRule[]> {
    await ensureDefaultPack(db, organisationId);
    const rows = await db
      .selectFrom('alert_rules')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .orderBy('id')
      .execute();
    return rows.map(ruleFromRow);
  }

  function ruleValues(body: z.output<typeof alertRuleBodySchema>) {
    if (body.condition.kind !== 'absent' && !body.metric) throw badRequest(METRIC_REQUIRED_MESSAGE);
    return {
      name: body.name,
      enabled: body.enabled ? 1 : 0,
      severity: body.severity,
      scope: JSON.stringify(body.scope),
      metric: body.metric,
      condition: JSON.stringify(body.condition),
      for_seconds: body.forSeconds,
      description: body.description,
    };
  }

  async function rule(organisationId: number, id: number): Promise<AlertRule> {
    const row = await db
      .selectFrom('alert_rules')
      .selectAll()
      .where('id', '=', id)
      .where('organisation_id', '=', organisationId)
      .executeTakeFirst();
    if (!row) throw notFound(ALERT_MESSAGES.ruleNotFound);
    return ruleFromRow(row);
  }

  function silenceFromRow(row: Selectable<SilencesTable>): Silence {
    return {
      id: row.id,
      scope: scopeSchema.parse(JSON.parse(row.scope)),
      ruleId: row.rule_id,
      severity: row.severity as Severity | null,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      author: row.author,
      comment: row.comment,
      createdAt: row.created_at,
    };
  }

  function channelFromRow(row: Selectable<NotificationChannelsTable>): NotificationChannel {
    return {
      id: row.id,
      name: row.name,
      kind: row.kind as 'email' | 'webhook',
      target: row.target,
      minSeverity: row.min_severity as Severity,
      scope: scopeSchema.parse(JSON.parse(row.scope)),
      createdAt: row.created_at,
    };
  }

  function scopeFilter(query: AlertsQuery): ((d: DeviceInfo) => boolean) | null {
    if (!query.scope) return null;
    const [kind, idText] = query.scope.split(':') as [Scope['kind'], string];
    const scope = scopeSchema.parse({ kind, id: Number(idText) });
    return (device) => inScope(scope, device);
  }

  /** The latest deliveries, newest first (or the one `only` names). */
  async function deliveries(
    organisationId: number,
    only?: number,
  ): Promise<NotificationDelivery[]> {
    const rows = await deliveriesWithEvent(db)
      .select([
        'd.id',
        'd.channel_id',
        'c.name as channel_name',
        'd.event_id',
        'r.name as rule_name',
        'e.transition',
        'd.status',
        'd.attempts',
        'd.last_error',
        'd.next_attempt_at',
        'd.delivered_at',
        'd.created_at',
      ])
      .where('d.organisation_id', '=', organisationId)
      .$if(only !== undefined, (qb) => qb.where('d.id', '=', only!))
      .orderBy('d.id', 'desc')
      .limit(HISTORY_LIMIT)
      .execute();
    return rows.map((d) => ({
      id: d.id,
      channelId: d.channel_id,
      channelName: d.channel_name,
      eventId: d.event_id,
      ruleName: d.rule_name,
      transition: d.transition as AlertTransition,
      status: d.status as NotificationDelivery['status'],
      attempts: d.attempts,
      lastError: d.last_error,
      nextAttemptAt: d.next_attempt_at,
      deliveredAt: d.delivered_at,
      createdAt: d.created_at,
    }));
  }

  return {
    rules,
    rule,

    async createRule(caller: Caller, body: z.output<typeof alertRuleBodySchema>) {
      await checkScope(caller.organisationId, body.scope);
      const now = iso();
      const { id } = await db
        .insertInto('alert_rules')
        .values({
          organisation_id: caller.organisationId,
          ...ruleValues(body),
          builtin: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      engine.invalidate(caller.organisationId);
      return rule(caller.organisationId, id);
    },

    async updateRule(caller: Caller, id: number, body: z.output<typeof alertRuleBodySchema>) {
      await rule(caller.organisationId, id);
      await checkScope(caller.organisationId, body.scope);
      await db
        .updateTable('alert_rules')
        .set({ ...ruleValues(body), updated_at: iso() })
        .where('id', '=', id)
        .where('organisation_id', '=', caller.organisationId)
        .execute();
      engine.invalidate(caller.organisationId);
      return rule(caller.organisationId, id);
    },

    async deleteRule(caller: Caller, id: number) {
      await rule(caller.organisationId, id);
      await db.deleteFrom('alert_rules').where('id', '=', id).execute();
      engine.forget(caller.organisationId);
    },

    async exportPrometheus(organisationId: number): Promise<string> {
      const [list, devices] = await Promise.all([
        rules(organisationId),
        loadDevices(db, organisationId),
      ]);
      return prometheusRuleFile(organisationId, list, [...devices.values()]);
    },

    async alerts(organisationId: number, query: AlertsQuery): Promise<AlertsList> {
      await ensureDefaultPack(db, organisationId);
      const now = iso();
      const [states, events, silences] = await Promise.all([
        db
          .selectFrom('alert_states as st')
          .innerJoin('alert_rules as r', 'r.id', 'st.rule_id')
          .select([
            'st.id',
            'st.rule_id',
            'r.name as rule_name',
            'r.severity',
            'r.metric',
            'st.device_id',
            'st.series_key',
            'st.state',
            'st.since_ms',
            'st.value',
            'st.acknowledged_by',
            'st.acknowledged_at',
          ])
          .where('st.organisation_id', '=', organisationId)
          .where('st.state', '!=', 'normal')
          .orderBy('st.since_ms', 'desc')
          .execute(),
        eventsWithRule(db, organisationId)
          .select(['e.value', 'e.silenced'])
          .orderBy('e.id', 'desc')
          .limit(HISTORY_LIMIT)
          .execute(),
        db
          .selectFrom('silences')
          .selectAll()
          .where('organisation_id', '=', organisationId)
          .where('starts_at', '<=', now)
          .where('ends_at', '>', now)
          .execute(),
      ]);
      const devices = await loadDevices(db, organisationId, [
        ...states.map((s) => s.device_id),
        ...events.map((e) => e.device_id),
      ]);
      const active = silences.map(silenceFromRow);
      const inFilter = scopeFilter(query);
      const keep = (severity: string, device: DeviceInfo | undefined): device is DeviceInfo =>
        !!device &&
        (!query.severity || query.severity === severity) &&
        (!inFilter || inFilter(device));
      const alerts: Alert[] = [];
      for (const s of states) {
        const device = devices.get(s.device_id);
        if (!keep(s.severity, device)) continue;
        alerts.push({
          id: s.id,
          ruleId: s.rule_id,
          ruleName: s.rule_name,
          severity: s.severity as Severity,
          deviceId: s.device_id,
          deviceName: device.name,
          deviceType: device.type,
          labels: s.series_key ? (JSON.parse(s.series_key) as Record<string, string>) : {},
          state: s.state as Alert['state'],
          since: new Date(Number(s.since_ms)).toISOString(),
          value: s.value,
          unit: metricUnit(s.metric),
          silenced: active.some(
            (silence) =>
              (silence.ruleId === null || silence.ruleId === s.rule_id) &&
              (silence.severity === null || silence.severity === s.severity) &&
              inScope(silence.scope, device),
          ),
          acknowledgedBy: s.acknowledged_by,
          acknowledgedAt: s.acknowledged_at,
        });
      }
      const history: AlertEvent[] = [];
      for (const e of events) {
        const device = devices.get(e.device_id);
        if (!keep(e.severity, device)) continue;
        history.push({
          id: e.id,
          alertId: e.state_id,
          ruleName: e.rule_name,
          severity: e.severity as Severity,
          deviceId: e.device_id,
          deviceName: device.name,
          transition: e.transition as AlertTransition,
          value: e.value,
          unit: metricUnit(e.metric),
          silenced: Number(e.silenced) === 1,
          at: e.at,
        });
      }
      return { alerts, history };
    },

    /**
     * Every transition in `[fromIso, toIso)` plus each alert's last one before `fromIso` (so that
     * an alert already firing when the period starts counts from its start), oldest first: what
     * the executive report (modules/reports) reads to count alerts and the time they fired.
     */
    async periodTransitions(
      organisationId: number,
      fromIso: string,
      toIso: string,
    ): Promise<PeriodTransition[]> {
      const before = db
        .selectFrom('alert_events')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('organisation_id', '=', organisationId)
        .where('at', '<', fromIso)
        .groupBy('state_id');
      const rows = await eventsWithRule(db, organisationId)
        .where((eb) =>
          eb.or([
            eb.and([eb('e.at', '>=', fromIso), eb('e.at', '<', toIso)]),
            eb('e.id', 'in', before),
          ]),
        )
        .orderBy('e.id')
        .execute();
      const devices = await loadDevices(
        db,
        organisationId,
        rows.map((e) => e.device_id),
      );
      return rows.map((e) => ({
        alertId: e.state_id,
        ruleName: e.rule_name,
        severity: e.severity as Severity,
        deviceId: e.device_id,
        deviceName: devices.get(e.device_id)?.name ?? `#${e.device_id}`,
        transition: e.transition as AlertTransition,
        atMs: Date.parse(e.at),
      }));
    },

    async acknowledge(caller: Caller, id: number): Promise<Alert> {
      const row = await db
        .selectFrom('alert_states')
        .select(['state'])
        .where('id', '=', id)
        .where('organisation_id', '=', caller.organisationId)
        .executeTakeFirst();
      if (!row) throw notFound(ALERT_MESSAGES.alertNotFound);
      if (row.state === 'normal') throw conflict(ALERT_MESSAGES.notFiring);
      await db
        .updateTable('alert_states')
        .set({ acknowledged_by: caller.name || caller.email, acknowledged_at: iso() })
        .where('id', '=', id)
        .execute();
      const list = await this.alerts(caller.organisationId, {});
      const alert = list.alerts.find((a) => a.id === id);
      if (!alert) throw notFound(ALERT_MESSAGES.alertNotFound);
      return alert;
    },

    async silences(organisationId: number): Promise<Silence[]> {
      const rows = await db
        .selectFrom('silences')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .where('ends_at', '>', iso())
        .orderBy('starts_at')
        .execute();
      return rows.map(silenceFromRow);
    },

    async createSilence(
      caller: Caller,
      body: z.output<typeof silenceBodySchema>,
    ): Promise<Silence> {
      if (Date.parse(body.endsAt) <= deps.now()) throw badRequest(SILENCE_MESSAGES.endPassed);
      await checkScope(caller.organisationId, body.scope);
      if (body.ruleId !== null) await rule(caller.organisationId, body.ruleId);
      const row = await db
        .insertInto('silences')
        .values({
          organisation_id: caller.organisationId,
          scope: JSON.stringify(body.scope),
          rule_id: body.ruleId,
          severity: body.severity,
          starts_at: new Date(body.startsAt).toISOString(),
          ends_at: new Date(body.endsAt).toISOString(),
          author: caller.name || caller.email,
          comment: body.comment,
          created_at: iso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return silenceFromRow(row);
    },

    /** Ends a silence now (kept until then for the record of who silenced what). */
    async expireSilence(caller: Caller, id: number): Promise<void> {
      const updated = await db
        .updateTable('silences')
        .set({ ends_at: iso() })
        .where('id', '=', id)
        .where('organisation_id', '=', caller.organisationId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw notFound(ALERT_MESSAGES.silenceNotFound);
    },

    async channels(organisationId: number): Promise<NotificationChannel[]> {
      const rows = await db
        .selectFrom('notification_channels')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .orderBy('id')
        .execute();
      return rows.map(channelFromRow);
    },

    async createChannel(
      caller: Caller,
      body: z.output<typeof notificationChannelBodySchema>,
    ): Promise<CreatedNotificationChannel> {
      await checkScope(caller.organisationId, body.scope);
      const secret = body.kind === 'webhook' ? randomBytes(32).toString('hex') : null;
      const row = await db
        .insertInto('notification_channels')
        .values({
          organisation_id: caller.organisationId,
          name: body.name,
          kind: body.kind,
          target: body.target,
          secret,
          min_severity: body.minSeverity,
          scope: JSON.stringify(body.scope),
          created_at: iso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { ...channelFromRow(row), secret };
    },

    /** Name, addresses or URL, and routing; the kind (and a webhook's secret) stay. */
    async updateChannel(
      caller: Caller,
      id: number,
      body: z.output<typeof notificationChannelBodySchema>,
    ): Promise<NotificationChannel> {
      const current = await db
        .selectFrom('notification_channels')
        .select('kind')
        .where('id', '=', id)
        .where('organisation_id', '=', caller.organisationId)
        .executeTakeFirst();
      if (!current) throw notFound(ALERT_MESSAGES.channelNotFound);
      if (current.kind !== body.kind) throw badRequest(CHANNEL_MESSAGES.kindFixed);
      await checkScope(caller.organisationId, body.scope);
      const row = await db
        .updateTable('notification_channels')
        .set({
          name: body.name,
          target: body.target,
          min_severity: body.minSeverity,
          scope: JSON.stringify(body.scope),
        })
        .where('id', '=', id)
        .where('organisation_id', '=', caller.organisationId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return channelFromRow(row);
    },

    async deleteChannel(caller: Caller, id: number): Promise<void> {
      const deleted = await db
        .deleteFrom('notification_channels')
        .where('id', '=', id)
        .where('organisation_id', '=', caller.organisationId)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) throw notFound(ALERT_MESSAGES.channelNotFound);
    },

    deliveries,

    /**
     * Sends a failed or waiting notification again now (one more attempt). The re-queue is the
     * notifier's own conditional UPDATE: a delivery claimed for sending is left alone, so it is
     * never sent twice at once, by this instance or another.
     */
    async retryDelivery(caller: Caller, id: number): Promise<NotificationDelivery> {
      const now = iso();
      const requeued = await db
        .updateTable('notification_deliveries')
        .set({ status: 'pending', next_attempt_at: now, claimed_until: null })
        .where('id', '=', id)
        .where('organisation_id', '=', caller.organisationId)
        .where('status', 'in', ['pending', 'failed'])
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .executeTakeFirst();
      if (Number(requeued.numUpdatedRows) !== 1) {
        const row = await db
          .selectFrom('notification_deliveries')
          .select('status')
          .where('id', '=', id)
          .where('organisation_id', '=', caller.organisationId)
          .executeTakeFirst();
        if (!row) throw notFound(ALERT_MESSAGES.deliveryNotFound);
        throw conflict(
          row.status === 'sent' ? ALERT_MESSAGES.deliverySent : ALERT_MESSAGES.deliverySending,
        );
      }
      deps.sendDue();
      const [delivery] = await deliveries(caller.organisationId, id);
      return delivery!;
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
