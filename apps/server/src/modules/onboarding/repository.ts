import type { Kysely, Selectable } from 'kysely';
import type { AppTokensTable, DB } from '../../db/schema.js';

export type AppTokenRow = Selectable<AppTokensTable>;

export interface NewAppToken {
  organisationId: number;
  createdBy: number | null;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
}

/** What staff see of a token in `list-tokens`: never the token itself. */
export interface AppTokenListing {
  id: number;
  organisationId: number;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
  firstUsedAt: string | null;
  boundMachineId: string | null;
  serverId: number | null;
  serverName: string | null;
  revokedAt: string | null;
}

export type AppTokensRepository = ReturnType<typeof createAppTokensRepository>;

/** SQL for app tokens. Callers pass the database or an open transaction. */
export function createAppTokensRepository(db: Kysely<DB>) {
  return {
    async insert(token: NewAppToken): Promise<number> {
      const row = await db
        .insertInto('app_tokens')
        .values({
          organisation_id: token.organisationId,
          created_by: token.createdBy,
          token_hash: token.tokenHash,
          created_at: token.createdAt,
          expires_at: token.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async findByHash(tokenHash: string): Promise<AppTokenRow | undefined> {
      return db
        .selectFrom('app_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async findById(id: number): Promise<AppTokenRow | undefined> {
      return db.selectFrom('app_tokens').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Binds an unused, live token to a machine. The condition makes it a claim: of two
     * registrations racing with one token exactly one updates the row (on PostgreSQL the other
     * waits for the row lock, then finds it bound).
     */
    async claim(id: number, machineId: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('app_tokens')
        .set({ bound_machine_id: machineId, first_used_at: at })
        .where('id', '=', id)
        .where('bound_machine_id', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async attachServer(id: number, serverId: number, registeredName: string): Promise<void> {
      await db
        .updateTable('app_tokens')
        .set({ server_id: serverId, registered_name: registeredName })
        .where('id', '=', id)
        .execute();
    },

    async setRegisteredName(id: number, registeredName: string): Promise<void> {
      await db
        .updateTable('app_tokens')
        .set({ registered_name: registeredName })
        .where('id', '=', id)
        .execute();
    },

    async revoke(id: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('app_tokens')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async list(filter: { organisationId?: number }): Promise<AppTokenListing[]> {
      let query = db
        .selectFrom('app_tokens as t')
        .leftJoin('users as u', 'u.id', 't.created_by')
        .leftJoin('servers as s', 's.id', 't.server_id')
        .select([
          't.id as id',
          't.organisation_id as organisationId',
          'u.email as createdBy',
          't.created_at as createdAt',
          't.expires_at as expiresAt',
          't.first_used_at as firstUsedAt',
          't.bound_machine_id as boundMachineId',
          't.server_id as serverId',
          's.server_name as serverName',
          't.revoked_at as revokedAt',
        ])
        .orderBy('t.id');
      if (filter.organisationId !== undefined) {
        query = query.where('t.organisation_id', '=', filter.organisationId);
      }
      return query.execute();
    },
  };
}
