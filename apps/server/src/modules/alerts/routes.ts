import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ALERTS_PATH,
  ALERT_MESSAGES,
  ALERT_RULES_EXPORT_PATH,
  ALERT_RULES_PATH,
  ID_MAX,
  NOTIFICATION_CHANNELS_PATH,
  NOTIFICATION_DELIVERIES_PATH,
  SILENCES_PATH,
  alertRuleBodySchema,
  alertsQuerySchema,
  notificationChannelBodySchema,
  silenceBodySchema,
} from '@brezza/contract';
import { badRequest, notFound } from '../../errors.js';
import { parseBody } from '../../lib/parse-body.js';

const local = (path: string) => path.replace(/^\/api/, '');

function pathId(request: FastifyRequest, message: string): number {
  const raw = (request.params as { id?: string }).id ?? '';
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(id <= ID_MAX)) throw notFound(message);
  return id;
}

const admin = { config: { minimumRole: 'admin' as const } };

/**
 * Alerts in the /api scope. Reads: viewers. Acknowledging and silencing: operators (the scope's
 * default for writes). Rules and channels: admins.
 */
export async function alertsRoutes(api: FastifyInstance): Promise<void> {
  const service = api.alerts.service;

  api.get(local(ALERT_RULES_PATH), async (request) => ({
    rules: await service.rules(request.user.organisationId),
  }));
  api.get(local(ALERT_RULES_EXPORT_PATH), async (request, reply) => {
    const format = (request.query as { format?: string }).format ?? 'prometheus';
    if (format !== 'prometheus') throw badRequest(ALERT_MESSAGES.exportFormat);
    reply.header('Content-Type', 'application/yaml; charset=utf-8');
    reply.header('Content-Disposition', 'attachment; filename="brezza-rules.yml"');
    return service.exportPrometheus(request.user.organisationId);
  });
  api.post(local(ALERT_RULES_PATH), admin, async (request, reply) => {
    const body = parseBody(alertRuleBodySchema, request.body);
    return reply.status(201).send(await service.createRule(request.user, body));
  });
  api.put(`${local(ALERT_RULES_PATH)}/:id`, admin, async (request) => {
    const id = pathId(request, ALERT_MESSAGES.ruleNotFound);
    return service.updateRule(request.user, id, parseBody(alertRuleBodySchema, request.body));
  });
  api.delete(`${local(ALERT_RULES_PATH)}/:id`, admin, async (request, reply) => {
    await service.deleteRule(request.user, pathId(request, ALERT_MESSAGES.ruleNotFound));
    return reply.status(204).send();
  });

  api.get(local(ALERTS_PATH), async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const query = parseBody(alertsQuerySchema, request.query);
    return service.alerts(request.user.organisationId, query);
  });
  api.post(`${local(ALERTS_PATH)}/:id/acknowledge`, async (request) =>
    service.acknowledge(request.user, pathId(request, ALERT_MESSAGES.alertNotFound)),
  );

  api.get(local(SILENCES_PATH), async (request) => ({
    silences: await service.silences(request.user.organisationId),
  }));
  api.post(local(SILENCES_PATH), async (request, reply) => {
    const body = parseBody(silenceBodySchema, request.body);
    return reply.status(201).send(await service.createSilence(request.user, body));
  });
  api.delete(`${local(SILENCES_PATH)}/:id`, async (request, reply) => {
    await service.expireSilence(request.user, pathId(request, ALERT_MESSAGES.silenceNotFound));
    return reply.status(204).send();
  });

  api.get(local(NOTIFICATION_CHANNELS_PATH), async (request) => ({
    channels: await service.channels(request.user.organisationId),
  }));
  api.get(local(NOTIFICATION_DELIVERIES_PATH), async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { deliveries: await service.deliveries(request.user.organisationId) };
  });
  api.post(local(NOTIFICATION_CHANNELS_PATH), admin, async (request, reply) => {
    const body = parseBody(notificationChannelBodySchema, request.body);
    return reply.status(201).send(await service.createChannel(request.user, body));
  });
  api.delete(`${local(NOTIFICATION_CHANNELS_PATH)}/:id`, admin, async (request, reply) => {
    await service.deleteChannel(request.user, pathId(request, ALERT_MESSAGES.channelNotFound));
    return reply.status(204).send();
  });
}
