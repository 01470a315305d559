import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ME_PATH,
  USERS_PATH,
  USER_NOT_FOUND,
  roleAllows,
  roleRequiredMessage,
  setRoleBodySchema,
  type Me,
  type OrganisationUser,
  type UsersList,
} from '@brezza/contract';
import { forbidden, notFound } from '../../errors.js';
import { parseBody } from '../../lib/parse-body.js';
import { createAccessService } from './service.js';

const local = (path: string) => path.replace(/^\/api/, '');

/**
 * The /api scope's second hook, after authentication: the caller's role must reach the route's
 * `minimumRole` (reads viewer, writes operator unless the route says otherwise).
 */
export async function authorise(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const needed =
    request.routeOptions.config.minimumRole ??
    (request.method === 'GET' || request.method === 'HEAD' ? 'viewer' : 'operator');
  if (!roleAllows(request.user.role, needed)) throw forbidden(roleRequiredMessage(needed));
}

/** `GET /api/me`, and the organisation's users and their roles (admins set them). */
export async function accessRoutes(api: FastifyInstance): Promise<void> {
  const service = createAccessService(api.database.db);

  api.get<{ Reply: Me }>(local(ME_PATH), async (request) => ({
    id: request.user.id,
    name: request.user.name,
    email: request.user.email,
    organisationId: request.user.organisationId,
    role: request.user.role,
  }));

  api.get<{ Reply: UsersList }>(
    local(USERS_PATH),
    { config: { minimumRole: 'admin' } },
    async (request) => ({ users: await service.listUsers(request.user.organisationId) }),
  );

  api.put<{ Params: { id: string }; Reply: OrganisationUser }>(
    `${local(USERS_PATH)}/:id/role`,
    { config: { minimumRole: 'admin' } },
    async (request) => {
      const id = /^[1-9][0-9]{0,9}$/.test(request.params.id) ? Number(request.params.id) : NaN;
      if (!(id <= 2_147_483_647)) throw notFound(USER_NOT_FOUND);
      const { role } = parseBody(setRoleBodySchema, request.body);
      return service.setRole(request.user, id, role);
    },
  );
}
