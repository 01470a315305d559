import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AGENT_COMMAND_RESULT_ROUTE,
  AGENT_EQUIPMENT_PATH,
  AGENT_EQUIPMENT_READINGS_PATH,
  EQUIPMENT_PATH,
  agentCommandResultBodySchema,
  agentCommandResultResponseSchema,
  agentEquipmentJobsSchema,
  agentEquipmentReadingsBodySchema,
  agentEquipmentReadingsResponseSchema,
  commandBodySchema,
  commandSchema,
  commandsListSchema,
  createEquipmentBodySchema,
  equipmentDetailSchema,
  equipmentListSchema,
  equipmentSummarySchema,
  errorBodySchema,
} from '@brezza/contract';
import { unauthorized } from '../../errors.js';
import { MISSING_APP_TOKEN, bearerToken } from '../../lib/bearer.js';
import { pathId, routes } from '../../lib/routes.js';
import { EQUIPMENT_NOT_FOUND } from './service.js';

const tags = ['Equipment'];
const security = [{ operator: [] }];
const equipmentParams = z.object({ id: pathId(EQUIPMENT_NOT_FOUND) });

/** The operator's equipment calls, in the /api scope (reads: viewer; changes: operator). */
export async function equipmentRoutes(scope: FastifyInstance): Promise<void> {
  const api = routes(scope);
  const service = scope.equipment;

  api.get(
    EQUIPMENT_PATH,
    {
      schema: {
        summary: "The organisation's pCDUs and PDUs with placement, gateway and last reading time.",
        tags,
        security,
        response: { 200: equipmentListSchema },
      },
    },
    async (request) => ({ equipment: await service.list(request.user.organisationId) }),
  );

  api.post(
    EQUIPMENT_PATH,
    {
      schema: {
        summary: 'Adds a pCDU or PDU, polled by the agent of the gateway server (operators).',
        tags,
        security,
        body: createEquipmentBodySchema,
        response: { 201: equipmentSummarySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.user, request.body)),
  );

  api.get(
    `${EQUIPMENT_PATH}/:id`,
    {
      schema: {
        summary: 'A unit with the latest value of every sensor, its unit, time and status colour.',
        tags,
        security,
        params: equipmentParams,
        response: { 200: equipmentDetailSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.detail(request.user.organisationId, request.params.id);
    },
  );

  api.get(
    `${EQUIPMENT_PATH}/:id/commands`,
    {
      schema: {
        summary: "The unit's last 100 commands, newest first.",
        tags,
        security,
        params: equipmentParams,
        response: { 200: commandsListSchema, 404: errorBodySchema },
      },
    },
    async (request) => ({
      commands: await service.commands(request.user.organisationId, request.params.id),
    }),
  );

  api.post(
    `${EQUIPMENT_PATH}/:id/commands`,
    {
      schema: {
        summary:
          'Queues a setpoint or network change to the gateway agent (operators). It is pending until the unit applies it or it fails (refused, read-back differs, or no answer within 30 s).',
        tags,
        security,
        params: equipmentParams,
        body: commandBodySchema,
        response: { 202: commandSchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await service.command(request.user, request.params.id, request.body)),
  );
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
export async function equipmentAgentRoutes(scope: FastifyInstance): Promise<void> {
  const app = routes(scope);
  const service = scope.equipment;
  const agentTags = ['Agent'];
  const agentSecurity = [{ appToken: [] }];

  app.get(
    AGENT_EQUIPMENT_PATH,
    {
      schema: {
        summary: "The gateway's equipment to poll and the commands waiting for it.",
        tags: agentTags,
        security: agentSecurity,
        response: { 200: agentEquipmentJobsSchema },
      },
    },
    async (request, reply) => service.jobs(appToken(request, reply)),
  );

  app.post(
    AGENT_EQUIPMENT_READINGS_PATH,
    {
      bodyLimit: 1024 * 1024,
      schema: {
        summary: "Readings of the gateway's equipment.",
        tags: agentTags,
        security: agentSecurity,
        body: agentEquipmentReadingsBodySchema,
        response: { 200: agentEquipmentReadingsResponseSchema },
      },
    },
    async (request, reply) => service.readings(appToken(request, reply), request.body),
  );

  app.post(
    AGENT_COMMAND_RESULT_ROUTE,
    {
      schema: {
        summary: 'The outcome of one command: applied (written and read back) or failed.',
        tags: agentTags,
        security: agentSecurity,
        params: z.object({ id: pathId('No such command.') }),
        body: agentCommandResultBodySchema,
        response: {
          200: agentCommandResultResponseSchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      service.commandResult(appToken(request, reply), request.params.id, request.body),
  );
}
