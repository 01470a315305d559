import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ME_PATH,
  USERS_PATH,
  USER_NOT_FOUND,
  errorBodySchema,
  meSchema,
  organisationUserSchema,
  roleAllows,
  roleRequiredMessage,
  setRoleBodySchema,
  usersListSchema,
} from '@brezza/contract';
import { forbidden } from '../../errors.js';
import { pathId, routes } from '../../lib/routes.js';
import { createAccessService } from './service.js';

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

const tags = ['Access'];
const security = [{ operator: [] }];

/** `GET /api/me`, and the organisation's users and their roles (admins set them). */
export async function accessRoutes(scope: FastifyInstance): Promise<void> {
  const api = routes(scope);
  const service = createAccessService(scope.database.db);

  api.get(
    ME_PATH,
    {
      schema: {
        summary: 'The signed-in user and their role (viewer, operator or admin).',
        tags,
        security,
        response: { 200: meSchema },
      },
    },
    async (request) => ({
      id: request.user.id,
      name: request.user.name,
      email: request.user.email,
      organisationId: request.user.organisationId,
      role: request.user.role,
    }),
  );

  api.get(
    USERS_PATH,
    {
      config: { minimumRole: 'admin' },
      schema: {
        summary: "The organisation's users and their roles (admins only).",
        tags,
        security,
        response: { 200: usersListSchema },
      },
    },
    async (request) => ({ users: await service.listUsers(request.user.organisationId) }),
  );

  api.put(
    `${USERS_PATH}/:id/role`,
    {
      config: { minimumRole: 'admin' },
      schema: {
        summary: "Sets a user's role (admins only); recorded in the audit log.",
        tags,
        security,
        params: z.object({ id: pathId(USER_NOT_FOUND) }),
        body: setRoleBodySchema,
        response: { 200: organisationUserSchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => service.setRole(request.user, request.params.id, request.body.role),
  );
}
