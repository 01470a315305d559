import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  NOTIFICATION_MAX_ATTEMPTS,
  SEVERITY_LABELS,
  WEBHOOK_SIGNATURE_HEADER,
  alertValueText,
  emailAddresses,
  metricUnit,
  planRequiredMessage,
  type AlertWebhookPayload,
  type Severity,
} from '@brezza/contract';
import type { DB } from '../../db/schema.js';
import { deliveriesWithEvent } from './repository.js';
import { backoffMs } from './scope.js';

/** How long one instance holds a delivery it is sending before another may take it over. */
const CLAIM_MS = 60_000;
const WEBHOOK_TIMEOUT_MS = 10_000;

/** `sha256=<hex>` of the exact body, with the channel's secret. */
export function signWebhook(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export interface NotifierDeps {
  db: Kysely<DB>;
  /** app.mail: SMTP or the outbox. */
  mailer: FastifyInstance['mail'];
  publicUrl: string;
  now(): number;
  log(error: unknown): void;
  /** Whether the organisation's plan includes alerts (Argento and above). */
  alertsAllowed(organisationId: number): Promise<boolean>;
}

/**
 * Sends queued deliveries. A delivery is claimed with a conditional UPDATE (`claimed_until`), so
 * with two instances exactly one sends it; a failure is retried with backoff up to
 * NOTIFICATION_MAX_ATTEMPTS, then marked failed with its last error.
 */
export function createNotifier(deps: NotifierDeps) {
  const { db } = deps;
  let running: Promise<void> | null = null;
  let again = false;

  async function send(id: number): Promise<void> {
    const row = await deliveriesWithEvent(db)
      .innerJoin('servers as s', 's.id', 'st.device_id')
      .select([
        'd.attempts',
        'c.kind',
        'c.target',
        'c.secret',
        'e.transition',
        'e.value',
        'e.at',
        'st.id as alert_id',
        'r.name as rule_name',
        'r.severity',
        'r.metric',
        's.id as device_id',
        's.server_name',
      ])
      .where('d.id', '=', id)
      .executeTakeFirst();
    if (!row) return;
    const transition = row.transition as 'firing' | 'resolved';
    const severity = row.severity as Severity;
    const unit = metricUnit(row.metric);
    const value = alertValueText(row.value, unit);
    let error: string | null = null;
    try {
      if (row.kind === 'webhook') {
        const payload: AlertWebhookPayload = {
          transition,
          alert: {
            id: row.alert_id,
            rule: row.rule_name,
            severity,
            device: row.server_name,
            deviceId: row.device_id,
          },
          value: row.value,
          unit,
          at: row.at,
        };
        const body = JSON.stringify(payload);
        const response = await fetch(row.target, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [WEBHOOK_SIGNATURE_HEADER]: signWebhook(row.secret ?? '', body),
          },
          body,
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        });
        if (!response.ok) error = `The webhook answered HTTP ${response.status}.`;
      } else {
        const word = transition === 'firing' ? 'FIRING' : 'RESOLVED';
        const subject = `[${word}] ${SEVERITY_LABELS[severity]}: ${row.rule_name} on ${row.server_name}`;
        const link = `${deps.publicUrl}/alerts`;
        const text = `${row.rule_name} on ${row.server_name} is ${transition} (value ${value}) since ${row.at}.\n\nSee ${link}`;
        await deps.mailer.send({
          to: emailAddresses(row.target).join(', '),
          subject,
          text,
          html: `<p><strong>${escapeHtml(row.rule_name)}</strong> on ${escapeHtml(row.server_name)} is <strong>${transition}</strong> (value ${escapeHtml(value)}) since ${row.at}.</p><p><a href="${link}">Open the alerts</a></p>`,
          link,
        });
      }
    } catch (caught) {
      error = row.kind === 'webhook' ? unreachable(caught) : describe(caught);
    }
    const attempts = row.attempts + 1;
    const now = deps.now();
    await db
      .updateTable('notification_deliveries')
      .set(
        error === null
          ? {
              status: 'sent',
              attempts,
              delivered_at: new Date(now).toISOString(),
              next_attempt_at: null,
              claimed_until: null,
              last_error: null,
            }
          : attempts >= NOTIFICATION_MAX_ATTEMPTS
            ? {
                status: 'failed',
                attempts,
                last_error: error,
                next_attempt_at: null,
                claimed_until: null,
              }
            : {
                attempts,
                last_error: error,
                next_attempt_at: new Date(now + backoffMs(attempts)).toISOString(),
                claimed_until: null,
              },
      )
      .where('id', '=', id)
      .execute();
  }

  async function drain(): Promise<void> {
    const now = new Date(deps.now()).toISOString();
    const due = await db
      .selectFrom('notification_deliveries')
      .select(['id', 'organisation_id'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('id')
      .limit(50)
      .execute();
    const plans = new Map<number, Promise<boolean>>();
    for (const { id, organisation_id: organisationId } of due) {
      if (!plans.has(organisationId)) plans.set(organisationId, deps.alertsAllowed(organisationId));
      if (!(await plans.get(organisationId))) {
        // Queued before the plan lapsed: recorded as not sent, with the reason, never sent late.
        await db
          .updateTable('notification_deliveries')
          .set({
            status: 'failed',
            last_error: planRequiredMessage('alerts'),
            next_attempt_at: null,
            claimed_until: null,
          })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .execute();
        continue;
      }
      const claimed = await db
        .updateTable('notification_deliveries')
        .set({ claimed_until: new Date(deps.now() + CLAIM_MS).toISOString() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      await send(id).catch(deps.log);
    }
  }

  return {
    /** Sends what is due; a call while sending runs one more round after it. */
    kick(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await drain().catch(deps.log);
        } while (again);
      })().finally(() => {
        running = null;
      });
      return running;
    },
    idle(): Promise<void> {
      return running ?? Promise.resolve();
    },
  };
}

const describe = (caught: unknown) => (caught instanceof Error ? caught.message : String(caught));

/** fetch's own "fetch failed" says nothing: its cause (ECONNREFUSED, bad port, a timeout) does. */
function unreachable(caught: unknown): string {
  const cause =
    caught instanceof Error
      ? (caught.cause as { code?: string; message?: string } | undefined)
      : null;
  const reason =
    caught instanceof Error && caught.name === 'TimeoutError'
      ? `no answer in ${WEBHOOK_TIMEOUT_MS / 1000} s`
      : (cause?.code ?? cause?.message ?? describe(caught));
  return `The webhook could not be reached (${reason}).`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!,
  );
}
