import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ReportDevice } from './report.js';

/** SQL of the executive report: the organisation, its devices, admins and monthly mailings. */
export function createReportsRepository(db: Kysely<DB>) {
  return {
    async organisation(organisationId: number) {
      const row = await db
        .selectFrom('organisations')
        .select(['name', 'demo', 'created_at'])
        .where('id', '=', organisationId)
        .executeTakeFirstOrThrow();
      return {
        name: row.name,
        demo: Boolean(Number(row.demo)),
        createdMs: Date.parse(row.created_at),
      };
    },

    /** Servers, pCDUs and PDUs with the room they stand in (a rack's, or the unit's own). */
    async devices(organisationId: number): Promise<ReportDevice[]> {
      const rows = await db
        .selectFrom('servers as s')
        .leftJoin('racks as r', 'r.id', 's.rack_id')
        .leftJoin('rooms as rm', (join) =>
          join.on(sql`rm.id`, '=', sql`coalesce(r.room_id, s.room_id)`),
        )
        .select([
          's.id',
          's.server_name',
          's.device_type',
          's.rack_id',
          's.created_at',
          'rm.name as room',
        ])
        .where('s.organisation_id', '=', organisationId)
        .orderBy('s.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.server_name,
        type: row.device_type,
        room: row.room,
        rackId: row.rack_id,
        createdMs: Date.parse(row.created_at),
      }));
    },

    /** Organisations with at least one active admin: who gets the monthly report. */
    async mailedOrganisations(): Promise<number[]> {
      const rows = await db
        .selectFrom('users')
        .select('organisation_id')
        .distinct()
        .where('role', '=', 'admin')
        .where('status', '=', 'active')
        .execute();
      return rows.map((row) => row.organisation_id);
    },

    async admins(organisationId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('users')
        .select('email')
        .where('organisation_id', '=', organisationId)
        .where('role', '=', 'admin')
        .where('status', '=', 'active')
        .orderBy('id')
        .execute();
      return rows.map((row) => row.email);
    },

    /**
     * Claims a month's mailing for an organisation: true for the one caller whose insert
     * created the row (the primary key refuses every other, on any instance).
     */
    async claim(organisationId: number, month: string, recipients: string[], nowIso: string) {
      const result = await db
        .insertInto('report_mailings')
        .values({
          organisation_id: organisationId,
          month,
          claimed_at: nowIso,
          sent_at: null,
          recipients: JSON.stringify(recipients),
          error: null,
        })
        .onConflict((oc) => oc.columns(['organisation_id', 'month']).doNothing())
        .returning('organisation_id')
        .executeTakeFirst();
      return result !== undefined;
    },

    async finish(
      organisationId: number,
      month: string,
      outcome: { sentAt: string } | { error: string },
    ) {
      await db
        .updateTable('report_mailings')
        .set(
          'sentAt' in outcome ? { sent_at: outcome.sentAt, error: null } : { error: outcome.error },
        )
        .where('organisation_id', '=', organisationId)
        .where('month', '=', month)
        .execute();
    },

    async lastMailing(organisationId: number) {
      const row = await db
        .selectFrom('report_mailings')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .orderBy('month', 'desc')
        .executeTakeFirst();
      if (!row) return null;
      return {
        month: row.month,
        sentAt: row.sent_at,
        recipients: JSON.parse(row.recipients) as string[],
        error: row.error,
      };
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
