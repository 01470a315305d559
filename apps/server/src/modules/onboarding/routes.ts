import type { FastifyInstance } from 'fastify';
import { TOKENS_PATH, createTokenResponseSchema } from '@brezza/contract';
import { routes } from '../../lib/routes.js';

/** SPEC §7 `POST /api/tokens`: no body; answers the new app token, shown once. */
export async function tokenRoutes(api: FastifyInstance): Promise<void> {
  const { service } = api.onboarding;
  routes(api).post(
    TOKENS_PATH,
    {
      schema: {
        summary: 'Makes an app token for the installer; it is shown once.',
        tags: ['Onboarding'],
        security: [{ operator: [] }],
        response: { 201: createTokenResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await service.createToken(request.user);
      return reply.status(201).header('Cache-Control', 'no-store').send(created);
    },
  );
}
