import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AGENT_COMMAND_RESULT_ROUTE,
  AGENT_EQUIPMENT_PATH,
  AGENT_EQUIPMENT_READINGS_PATH,
  EQUIPMENT_PATH,
  ID_MAX,
  agentCommandResultBodySchema,
  agentEquipmentReadingsBodySchema,
  commandBodySchema,
  createEquipmentBodySchema,
  type Command,
  type CommandsList,
  type EquipmentDetail,
  type EquipmentList,
  type EquipmentSummary,
} from '@brezza/contract';
import { notFound, unauthorized } from '../../errors.js';
import { parseBody } from '../../lib/parse-body.js';
import { bearerToken } from '../identity/authenticate.js';
import { MISSING_APP_TOKEN } from '../agent/routes.js';
import { EQUIPMENT_NOT_FOUND } from './service.js';

const local = (path: string) => path.replace(/^\/api/, '');

function pathId(request: FastifyRequest, message: string): number {
  const raw = (request.params as { id?: string }).id ?? '';
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(id <= ID_MAX)) throw notFound(message);
  return id;
}

/** The operator's equipment calls, in the /api scope (reads: viewer; changes: operator). */
export async function equipmentRoutes(api: FastifyInstance): Promise<void> {
  const service = api.equipment;

  api.get<{ Reply: EquipmentList }>(local(EQUIPMENT_PATH), async (request) => ({
    equipment: await service.list(request.user.organisationId),
  }));

  api.post<{ Reply: EquipmentSummary }>(local(EQUIPMENT_PATH), async (request, reply) => {
    const body = parseBody(createEquipmentBodySchema, request.body);
    return reply.status(201).send(await service.create(request.user, body));
  });

  api.get<{ Reply: EquipmentDetail }>(`${local(EQUIPMENT_PATH)}/:id`, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return service.detail(request.user.organisationId, pathId(request, EQUIPMENT_NOT_FOUND));
  });

  api.get<{ Reply: CommandsList }>(`${local(EQUIPMENT_PATH)}/:id/commands`, async (request) => ({
    commands: await service.commands(
      request.user.organisationId,
      pathId(request, EQUIPMENT_NOT_FOUND),
    ),
  }));

  api.post<{ Reply: Command }>(`${local(EQUIPMENT_PATH)}/:id/commands`, async (request, reply) => {
    const id = pathId(request, EQUIPMENT_NOT_FOUND);
    const command = parseBody(commandBodySchema, request.body);
    return reply.status(202).send(await service.command(request.user, id, command));
  });
}

function appToken(request: FastifyRequest, reply: FastifyReply): string {
  const token = bearerToken(request.headers.authorization);
  if (!token) {
    reply.header('WWW-Authenticate', 'Bearer realm="brezza-agent"');
    throw unauthorized(MISSING_APP_TOKEN);
  }
  return token;
}

/** The gateway agent's calls (h-equip's protocol), outside /api: the app token names the gateway. */
export async function equipmentAgentRoutes(app: FastifyInstance): Promise<void> {
  const service = app.equipment;

  app.get(AGENT_EQUIPMENT_PATH, async (request, reply) => service.jobs(appToken(request, reply)));

  app.post(AGENT_EQUIPMENT_READINGS_PATH, { bodyLimit: 1024 * 1024 }, async (request, reply) => {
    const token = appToken(request, reply);
    return service.readings(token, parseBody(agentEquipmentReadingsBodySchema, request.body));
  });

  app.post(AGENT_COMMAND_RESULT_ROUTE, async (request, reply) => {
    const token = appToken(request, reply);
    const id = pathId(request, 'No such command.');
    return service.commandResult(token, id, parseBody(agentCommandResultBodySchema, request.body));
  });
}
