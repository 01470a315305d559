import type { FastifyInstance } from 'fastify';
import { TOKENS_PATH } from '@brezza/contract';
import { createOnboardingService } from './service.js';

/** Registered inside the /api scope, whose prefix the contract's path already carries. */
const local = (path: string) => path.replace(/^\/api/, '');

/** SPEC §7 `POST /api/tokens`: no body; answers the new app token, shown once. */
export async function tokenRoutes(api: FastifyInstance): Promise<void> {
  const service = createOnboardingService({ db: api.database.db });
  api.post(local(TOKENS_PATH), { config: { minimumRole: 'admin' } }, async (request, reply) => {
    const created = await service.createToken(request.user);
    return reply.status(201).header('Cache-Control', 'no-store').send(created);
  });
}
