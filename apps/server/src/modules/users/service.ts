import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { DB, UserStatus } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { revokeAccount } from '../../idp/sql-adapter.js';
import type { OrganisationsService } from '../organisations/service.js';
import { type UserRow, type UsersRepository } from './repository.js';
import { isUniqueViolation } from '../../lib/database-errors.js';

const emailSchema = z.email().max(320);

/** Pure: a trimmed, valid e-mail address, or a 400 saying so. */
export function userEmail(value: string): string {
  const email = value.trim();
  if (!emailSchema.safeParse(email).success) {
    throw badRequest(`"${value}" is not a valid e-mail address.`);
  }
  return email;
}

export function userName(value: string): string {
  const name = value.trim();
  if (!name) throw badRequest('The name must not be empty.');
  if (name.length > 255) throw badRequest('The name must be at most 255 characters.');
  return name;
}

export interface UsersServiceDeps {
  db: Kysely<DB>;
  users: UsersRepository;
  organisations: OrganisationsService;
}

export type UsersService = ReturnType<typeof createUsersService>;

/** Users as staff manage them: authorised by name and e-mail into one organisation. */
export function createUsersService(deps: UsersServiceDeps) {
  const { users } = deps;

  async function byEmail(value: string): Promise<UserRow> {
    const user = await users.findByEmail(userEmail(value));
    if (!user) throw notFound(`No user with e-mail ${value.trim()}. See list-users.`);
    return user;
  }

  return {
    byEmail,

    /** Creates the user without a password; they choose one from the set-password link. */
    async authorise(input: { name: string; email: string; organisation: string }) {
      const name = userName(input.name);
      const email = userEmail(input.email);
      const organisation = await deps.organisations.resolve(input.organisation);
      const existing = await users.findByEmail(email);
      if (existing) {
        throw conflict(
          `A user with e-mail ${existing.email} already exists (user ${existing.id}).`,
        );
      }
      try {
        const user = await users.create({ organisationId: organisation.id, name, email });
        return { user, organisation };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`A user with e-mail ${email} already exists.`);
        throw error;
      }
    },

    /** Disabling also ends every session and refresh token at once. */
    async setStatus(email: string, status: UserStatus): Promise<UserRow> {
      const user = await byEmail(email);
      await users.setStatus(user.id, status);
      if (status === 'disabled') await revokeAccount(deps.db, String(user.id));
      return { ...user, status };
    },

    async list(organisation?: string): Promise<UserRow[]> {
      if (organisation === undefined) return users.list();
      return users.list((await deps.organisations.resolve(organisation)).id);
    },
  };
}
