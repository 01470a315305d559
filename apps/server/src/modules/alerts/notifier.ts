import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  NOTIFICATION_MAX_ATTEMPTS,
  SEVERITY_LABELS,
  WEBHOOK_SIGNATURE_HEADER,
  type AlertWebhookPayload,
  type Severity,
} from '@brezza/contract';
import type { DB } from '../../db/schema.js';
import type { Mailer } from '../../types.js';
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
  mailer: Mailer;
  publicUrl: string;
  now(): number;
  log(error: unknown): void;
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
    const row = await db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notification_channels as c', 'c.id', 'd.channel_id')
      .innerJoin('alert_events as e', 'e.id', 'd.event_id')
      .innerJoin('alert_states as st', 'st.id', 'e.state_id')
      .innerJoin('alert_rules as r', 'r.id', 'st.rule_id')
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
        's.id as device_id',
        's.server_name',
      ])
      .where('d.id', '=', id)
      .executeTakeFirst();
    if (!row) return;
    const transition = row.transition as 'firing' | 'resolved';
    const severity = row.severity as Severity;
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
        const text = `${row.rule_name} on ${row.server_name} is ${transition} (value ${row.value ?? '—'}) since ${row.at}.\n\nSee ${link}`;
        await deps.mailer.send({
          to: row.target,
          subject,
          text,
          html: `<p><strong>${escapeHtml(row.rule_name)}</strong> on ${escapeHtml(row.server_name)} is <strong>${transition}</strong> (value ${escapeHtml(row.value ?? '—')}) since ${row.at}.</p><p><a href="${link}">Open the alerts</a></p>`,
          link,
        });
      }
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
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
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('id')
      .limit(50)
      .execute();
    for (const { id } of due) {
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

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!,
  );
}
