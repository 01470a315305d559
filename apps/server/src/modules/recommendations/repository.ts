import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, RecommendationsTable } from '../../db/schema.js';

export type RecommendationRow = Selectable<RecommendationsTable> & { equipment_name: string };
export type NewRecommendationRow = Insertable<RecommendationsTable>;

/** The recommendations' SQL: proposals, their status and the organisation's automatic mode. */
export function createRecommendationsRepository(db: Kysely<DB>) {
  const withName = () =>
    db
      .selectFrom('recommendations')
      .innerJoin('servers', 'servers.id', 'recommendations.server_id')
      .selectAll('recommendations')
      .select('servers.server_name as equipment_name');

  return {
    async forUnit(unitId: number, limit: number): Promise<RecommendationRow[]> {
      return withName()
        .where('recommendations.server_id', '=', unitId)
        .orderBy('recommendations.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Each unit's newest recommendations, for the organisation's feed. */
    async forOrganisation(organisationId: number, limit: number): Promise<RecommendationRow[]> {
      return withName()
        .where('recommendations.organisation_id', '=', organisationId)
        .where('recommendations.status', '!=', 'superseded')
        .orderBy('recommendations.id', 'desc')
        .limit(limit)
        .execute();
    },

    async find(unitId: number, id: number): Promise<RecommendationRow | undefined> {
      return withName()
        .where('recommendations.server_id', '=', unitId)
        .where('recommendations.id', '=', id)
        .executeTakeFirst();
    },

    async newest(unitId: number): Promise<RecommendationRow | undefined> {
      return withName()
        .where('recommendations.server_id', '=', unitId)
        .orderBy('recommendations.id', 'desc')
        .executeTakeFirst();
    },

    /** The one whose setpoints are on the unit now (applied, not yet reverted). */
    async lastApplied(unitId: number): Promise<RecommendationRow | undefined> {
      return withName()
        .where('recommendations.server_id', '=', unitId)
        .where('recommendations.status', 'in', ['applied', 'pending'])
        .orderBy('recommendations.id', 'desc')
        .executeTakeFirst();
    },

    /** Rows whose commands are still to settle, or whose realised saving is still to measure. */
    async open(unitId: number): Promise<RecommendationRow[]> {
      return withName()
        .where('recommendations.server_id', '=', unitId)
        .where((eb) =>
          eb.or([
            eb('recommendations.status', '=', 'pending'),
            eb.and([
              eb('recommendations.status', '=', 'applied'),
              eb.or([
                eb('recommendations.realised', 'is', null),
                eb('recommendations.revert_command_id', 'is not', null),
              ]),
            ]),
          ]),
        )
        .execute();
    },

    /** Supersedes the unit's open proposals and records the new one, in one transaction. */
    async propose(row: NewRecommendationRow): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('recommendations')
          .set({ status: 'superseded' })
          .where('server_id', '=', row.server_id)
          .where('status', '=', 'proposed')
          .execute();
        const inserted = await trx
          .insertInto('recommendations')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        return inserted.id;
      });
    },

    /** Withdraws an open proposal (nothing replaces it). */
    async supersede(id: number): Promise<void> {
      await db
        .updateTable('recommendations')
        .set({ status: 'superseded' })
        .where('id', '=', id)
        .where('status', '=', 'proposed')
        .execute();
    },

    /** Takes a proposal for applying; false when another request took it first. */
    async claim(id: number, appliedBy: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('recommendations')
        .set({ status: 'pending', applied_by: appliedBy, applied_at: at })
        .where('id', '=', id)
        .where('status', '=', 'proposed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async release(id: number): Promise<void> {
      await db
        .updateTable('recommendations')
        .set({ status: 'proposed', applied_by: null, applied_at: null })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('command_id', 'is', null)
        .execute();
    },

    async update(
      id: number,
      changes: Partial<
        Pick<
          RecommendationsTable,
          | 'status'
          | 'command_id'
          | 'revert_command_id'
          | 'applied_at'
          | 'reason'
          | 'realised'
          | 'predicted_saving_percent'
          | 'predicted'
          | 'risk'
          | 'twin'
          | 'checked_at'
        >
      >,
    ): Promise<void> {
      await db.updateTable('recommendations').set(changes).where('id', '=', id).execute();
    },

    async automaticMode(organisationId: number): Promise<boolean> {
      const row = await db
        .selectFrom('recommendation_settings')
        .select('automatic_mode')
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst();
      return row?.automatic_mode === 1;
    },

    async organisationsWithPcdus(): Promise<number[]> {
      const rows = await db
        .selectFrom('servers')
        .select('organisation_id')
        .distinct()
        .where('device_type', '=', 'pcdu')
        .execute();
      return rows.map((row) => row.organisation_id);
    },
  };
}

export type RecommendationsRepository = ReturnType<typeof createRecommendationsRepository>;
