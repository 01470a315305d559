import type { Kysely } from 'kysely';
import {
  LAST_ADMIN_MESSAGE,
  USER_NOT_FOUND,
  type OrganisationUser,
  type Role,
} from '@brezza/contract';
import type { DB } from '../../db/schema.js';
import { conflict, notFound } from '../../errors.js';
import { createAuditRepository, type Actor } from '../audit/repository.js';
import { createUsersRepository } from '../users/repository.js';

/**
 * Users' roles: an organisation's admins (and staff, through the admin command) set them; an
 * organisation always keeps one active admin.
 */
export function createAccessService(db: Kysely<DB>) {
  return {
    async listUsers(organisationId: number): Promise<OrganisationUser[]> {
      const rows = await createUsersRepository(db).list(organisationId);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        role: row.role,
        status: row.status,
      }));
    },

    /** Sets a user's role and records it; `actor` null for staff. Answers the user as listed. */
    async setRole(actor: Actor, userId: number, role: Role): Promise<OrganisationUser> {
      return db.transaction().execute(async (trx) => {
        // Taking the organisation's row lock serialises concurrent role changes on PostgreSQL,
        // so two admins demoting each other cannot both pass the last-admin check.
        await trx
          .updateTable('organisations')
          .set((eb) => ({ name: eb.ref('name') }))
          .where('id', '=', actor.organisationId)
          .execute();
        const users = createUsersRepository(trx);
        const user = await users.findById(userId);
        if (!user || user.organisation_id !== actor.organisationId) throw notFound(USER_NOT_FOUND);
        if (user.role === 'admin' && role !== 'admin' && user.status === 'active') {
          if ((await users.countOtherAdmins(actor.organisationId, userId)) === 0) {
            throw conflict(LAST_ADMIN_MESSAGE);
          }
        }
        if (user.role !== role) {
          await users.setRole(userId, role);
          await createAuditRepository(trx).record(actor, {
            action: 'update',
            entity: 'user',
            entityId: userId,
            entityName: user.email,
            before: { role: user.role },
            after: { role },
          });
        }
        return { id: user.id, name: user.name, email: user.email, role, status: user.status };
      });
    },
  };
}
