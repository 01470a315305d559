/**
 * Roles (issue 12): a viewer reads; an operator also edits the hierarchy, changes equipment and
 * acknowledges alerts; an admin also makes app tokens, buys plans and sets users' roles. Each
 * role can do everything the roles before it can.
 *
 * Kept apart from the zod schemas in roles.ts: the web app's navigation checks roles on every
 * page, and this module adds no zod to that first load (issue 10 budget).
 */
export const ROLES = ['viewer', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

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
