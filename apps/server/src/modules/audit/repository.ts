import type { Kysely } from 'kysely';
import type {
  AuditAction,
  AuditEntity,
  AuditEntry,
  AuditLogQuery,
  AuditResult,
} from '@brezza/contract';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/columns.js';

/** Who made a change: the signed-in user of an /api call (id null for staff and the system). */
export interface Actor {
  organisationId: number;
  id: number | null;
  name: string;
}

export interface NewAuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  entityId: number;
  entityName: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  result?: AuditResult;
  reason?: string | null;
  commandId?: number | null;
}

/** Only the fields that differ, before and after (a rename shows just the name). */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const keys = Object.keys(after).filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

const parseJson = (text: string | null) =>
  text === null ? null : (JSON.parse(text) as Record<string, unknown>);

/**
 * The audit log's SQL. Writers pass the transaction of the change they record, so that an entry
 * exists exactly when its change committed.
 */
export function createAuditRepository(db: Kysely<DB>) {
  return {
    async record(actor: Actor, entry: NewAuditEntry): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          organisation_id: actor.organisationId,
          user_id: actor.id,
          user_name: actor.name,
          at: nowIso(),
          action: entry.action,
          entity: entry.entity,
          entity_id: entry.entityId,
          entity_name: entry.entityName,
          before: entry.before ? JSON.stringify(entry.before) : null,
          after: entry.after ? JSON.stringify(entry.after) : null,
          result: entry.result ?? 'ok',
          reason: entry.reason ?? null,
          command_id: entry.commandId ?? null,
        })
        .execute();
    },

    /** A command's entry follows the command: pending, then applied or failed with the reason. */
    async settleCommand(
      commandId: number,
      result: 'applied' | 'failed',
      reason: string | null,
    ): Promise<void> {
      await db
        .updateTable('audit_log')
        .set({ result, reason })
        .where('command_id', '=', commandId)
        .execute();
    },

    async list(organisationId: number, query: AuditLogQuery): Promise<AuditEntry[]> {
      let select = db
        .selectFrom('audit_log')
        .selectAll()
        .where('organisation_id', '=', organisationId);
      if (query.entity) select = select.where('entity', '=', query.entity);
      if (query.action) select = select.where('action', '=', query.action);
      if (query.entityId) select = select.where('entity_id', '=', query.entityId);
      if (query.userId) select = select.where('user_id', '=', query.userId);
      if (query.from) select = select.where('at', '>=', new Date(query.from).toISOString());
      if (query.to) select = select.where('at', '<=', new Date(query.to).toISOString());
      const rows = await select.orderBy('id', 'desc').limit(query.limit).execute();
      return rows.map((row) => ({
        id: row.id,
        at: row.at,
        userId: row.user_id,
        userName: row.user_name,
        action: row.action,
        entity: row.entity as AuditEntity,
        entityId: row.entity_id,
        entityName: row.entity_name,
        before: parseJson(row.before),
        after: parseJson(row.after),
        result: row.result,
        reason: row.reason,
      }));
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
