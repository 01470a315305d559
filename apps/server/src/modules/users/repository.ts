import type { Kysely, Selectable } from 'kysely';
import type { Role } from '@brezza/contract';
import type { DB, UserStatus, UsersTable } from '../../db/schema.js';
import { nowIso } from '../../db/columns.js';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  organisationId: number;
  name: string;
  email: string;
  passwordHash?: string | null;
  status?: UserStatus;
  /** Admin unless given: before roles existed every user could do everything. */
  role?: Role;
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

export function createUsersRepository(db: Kysely<DB>) {
  return {
    /** Throws a unique violation (see isUniqueViolation) when the e-mail is taken. */
    async create(user: NewUser): Promise<UserRow> {
      return db
        .insertInto('users')
        .values({
          organisation_id: user.organisationId,
          name: user.name,
          email: user.email,
          password_hash: user.passwordHash ?? null,
          status: user.status ?? 'active',
          role: user.role ?? 'admin',
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** E-mail addresses are unique regardless of case. */
    async findByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
        .executeTakeFirst();
    },

    async list(organisationId?: number): Promise<UserRow[]> {
      let query = db.selectFrom('users').selectAll().orderBy('id');
      if (organisationId !== undefined) query = query.where('organisation_id', '=', organisationId);
      return query.execute();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async setRole(id: number, role: Role): Promise<void> {
      await db.updateTable('users').set({ role }).where('id', '=', id).execute();
    },

    /** Active admins of the organisation other than `exceptUserId`. */
    async countOtherAdmins(organisationId: number, exceptUserId: number): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('organisation_id', '=', organisationId)
        .where('role', '=', 'admin')
        .where('status', '=', 'active')
        .where('id', '<>', exceptUserId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async setStatus(id: number, status: UserStatus): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ status })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async setPasswordHash(id: number, passwordHash: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', id)
        .execute();
    },
  };
}
