import type { Kysely, Selectable } from 'kysely';
import type { AccessRequestsTable, DB } from '../../db/schema.js';
import { conflict, notFound } from '../../errors.js';
import type { OrganisationRow } from '../organisations/repository.js';
import { createUsersRepository, type UserRow } from '../users/repository.js';
import { isUniqueViolation } from '../../lib/database-errors.js';

export type AccessRequestRow = Selectable<AccessRequestsTable>;

export type AccessRequests = ReturnType<typeof createAccessRequests>;

/** Sign-up requests, decided by staff: approval creates the user with the password they chose. */
export function createAccessRequests(db: Kysely<DB>, now: () => number = Date.now) {
  async function pending(trx: Kysely<DB>, id: number): Promise<AccessRequestRow> {
    const request = await trx
      .selectFrom('access_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!request) throw notFound(`No access request with id ${id}. See list-access-requests.`);
    if (request.status !== 'pending') {
      throw conflict(`Access request ${id} was already ${request.status}.`);
    }
    return request;
  }

  async function decide(trx: Kysely<DB>, id: number, status: 'approved' | 'rejected') {
    await trx
      .updateTable('access_requests')
      .set({ status, decided_at: new Date(now()).toISOString() })
      .where('id', '=', id)
      .execute();
  }

  return {
    async list(all = false): Promise<AccessRequestRow[]> {
      let query = db.selectFrom('access_requests').selectAll().orderBy('id');
      if (!all) query = query.where('status', '=', 'pending');
      return query.execute();
    },

    async approve(id: number, organisation: OrganisationRow): Promise<UserRow> {
      return db.transaction().execute(async (trx) => {
        const request = await pending(trx, id);
        const users = createUsersRepository(trx);
        const existing = await users.findByEmail(request.email);
        if (existing) {
          throw conflict(
            `A user with e-mail ${existing.email} already exists (user ${existing.id}); reject the request instead.`,
          );
        }
        try {
          const user = await users.create({
            organisationId: organisation.id,
            name: request.name,
            email: request.email,
            passwordHash: request.password_hash,
          });
          await decide(trx, id, 'approved');
          return user;
        } catch (error) {
          if (isUniqueViolation(error)) {
            throw conflict(`A user with e-mail ${request.email} already exists.`);
          }
          throw error;
        }
      });
    },

    async reject(id: number): Promise<AccessRequestRow> {
      return db.transaction().execute(async (trx) => {
        const request = await pending(trx, id);
        await decide(trx, id, 'rejected');
        return request;
      });
    },
  };
}
