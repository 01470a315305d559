import { z } from 'zod';
import { ROLES } from './role-rules.js';

export const roleSchema = z.enum(ROLES, {
  error: 'Role must be viewer, operator or admin.',
});

/** The signed-in user, with the role the web app hides controls by. */
export const meSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  organisationId: z.number().int().positive(),
  role: roleSchema,
});
export type Me = z.infer<typeof meSchema>;

export const organisationUserSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  status: z.enum(['active', 'disabled']),
});
export type OrganisationUser = z.infer<typeof organisationUserSchema>;
export const usersListSchema = z.object({ users: z.array(organisationUserSchema) });
export type UsersList = z.infer<typeof usersListSchema>;

export const setRoleBodySchema = z.object({ role: roleSchema });
export type SetRoleBody = z.infer<typeof setRoleBodySchema>;

/** An organisation keeps at least one admin: nobody could set roles again otherwise. */
export const LAST_ADMIN_MESSAGE =
  'An organisation needs at least one admin: make another user admin first.';
export const USER_NOT_FOUND = 'No such user in your organisation.';
