import { z } from 'zod';

/**
 * Roles (issue 12): a viewer reads; an operator also edits the hierarchy, changes equipment and
 * acknowledges alerts; an admin also makes app tokens, buys plans and sets users' roles. Each
 * role can do everything the roles before it can.
 */
export const ROLES = ['viewer', 'operator', 'admin'] as const;
export const roleSchema = z.enum(ROLES, {
  error: 'Role must be viewer, operator or admin.',
});
export type Role = z.infer<typeof roleSchema>;

export const ROLE_LABELS: Record<Role, string> = {
  viewer: 'Viewer',
  operator: 'Operator',
  admin: 'Admin',
};

/** Whether `role` may do what `needed` may. */
export function roleAllows(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/** The 403 message of a call the caller's role does not allow. */
export function roleRequiredMessage(needed: Role): string {
  const article = needed === 'admin' || needed === 'operator' ? 'an' : 'a';
  return `This needs ${article} ${needed} role or higher. Ask an admin of your organisation.`;
}

export const ME_PATH = '/api/me';
export const USERS_PATH = '/api/users';
export const userRolePath = (id: number) => `${USERS_PATH}/${id}/role`;

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
