import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ALERTS_PATH,
  ALERT_MESSAGES,
  ALERT_RULES_EXPORT_PATH,
  ALERT_RULES_PATH,
  NOTIFICATION_CHANNELS_PATH,
  NOTIFICATION_DELIVERIES_PATH,
  SILENCES_PATH,
  alertRuleBodySchema,
  alertRuleSchema,
  alertRulesExportQuerySchema,
  alertRulesListSchema,
  alertSchema,
  alertsListSchema,
  alertsQuerySchema,
  createdNotificationChannelSchema,
  errorBodySchema,
  notificationChannelBodySchema,
  notificationChannelSchema,
  notificationChannelsListSchema,
  notificationDeliveriesListSchema,
  notificationDeliverySchema,
  silenceBodySchema,
  silenceSchema,
  silencesListSchema,
} from '@brezza/contract';
import { pathId, planFeatureOfScope, routes } from '../../lib/routes.js';

const common = { tags: ['Alerts'], security: [{ operator: [] }] };
const admin = { minimumRole: 'admin' as const };
const params = (notFound: string) => z.object({ id: pathId(notFound) });
const deleted = z.void().describe('Deleted.');

/**
 * Alerts in the /api scope. Reads: viewers. Acknowledging, silencing and retrying a notification:
 * operators (the scope's default for writes). Rules and channels: admins.
 */
export async function alertsRoutes(app: FastifyInstance): Promise<void> {
  const service = app.alerts.service;
  const api = routes(app);
  // Every alerts call is part of the Argento plan (issue 14, item 7).
  planFeatureOfScope(app, 'alerts');

  api.get(
    ALERT_RULES_PATH,
    {
      schema: {
        ...common,
        summary: "The organisation's alert rules.",
        response: { 200: alertRulesListSchema },
      },
    },
    async (request) => ({ rules: await service.rules(request.user.organisationId) }),
  );

  api.get(
    ALERT_RULES_EXPORT_PATH,
    {
      schema: {
        ...common,
        summary: 'The alert rules as a Prometheus rule file (YAML), for an external Prometheus.',
        querystring: alertRulesExportQuerySchema,
        response: {
          200: z.string().describe('A Prometheus rule file.'),
          400: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Content-Type', 'application/yaml; charset=utf-8');
      reply.header('Content-Disposition', 'attachment; filename="brezza-rules.yml"');
      return service.exportPrometheus(request.user.organisationId);
    },
  );

  api.post(
    ALERT_RULES_PATH,
    {
      config: admin,
      schema: {
        ...common,
        summary: 'Adds an alert rule (admin).',
        body: alertRuleBodySchema,
        response: { 201: alertRuleSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createRule(request.user, request.body)),
  );

  api.put(
    `${ALERT_RULES_PATH}/:id`,
    {
      config: admin,
      schema: {
        ...common,
        summary: 'Changes an alert rule (admin).',
        params: params(ALERT_MESSAGES.ruleNotFound),
        body: alertRuleBodySchema,
        response: { 200: alertRuleSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.updateRule(request.user, request.params.id, request.body),
  );

  api.delete(
    `${ALERT_RULES_PATH}/:id`,
    {
      config: admin,
      schema: {
        ...common,
        summary: 'Deletes an alert rule and its alerts (admin).',
        params: params(ALERT_MESSAGES.ruleNotFound),
        response: { 204: deleted, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.deleteRule(request.user, request.params.id);
      return reply.status(204).send();
    },
  );

  api.get(
    ALERTS_PATH,
    {
      schema: {
        ...common,
        summary: 'Every alert not normal, and the latest history; by severity or under a node.',
        querystring: alertsQuerySchema,
        response: { 200: alertsListSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.alerts(request.user.organisationId, request.query);
    },
  );

  api.post(
    `${ALERTS_PATH}/:id/acknowledge`,
    {
      schema: {
        ...common,
        summary: 'Acknowledges a pending, firing or no-data alert (operator).',
        params: params(ALERT_MESSAGES.alertNotFound),
        response: { 200: alertSchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => service.acknowledge(request.user, request.params.id),
  );

  api.get(
    SILENCES_PATH,
    {
      schema: {
        ...common,
        summary: "The organisation's silences.",
        response: { 200: silencesListSchema },
      },
    },
    async (request) => ({ silences: await service.silences(request.user.organisationId) }),
  );

  api.post(
    SILENCES_PATH,
    {
      schema: {
        ...common,
        summary: 'Silences notifications of a scope until a time (operator).',
        body: silenceBodySchema,
        response: { 201: silenceSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createSilence(request.user, request.body)),
  );

  api.delete(
    `${SILENCES_PATH}/:id`,
    {
      schema: {
        ...common,
        summary: 'Ends a silence now (operator).',
        params: params(ALERT_MESSAGES.silenceNotFound),
        response: { 204: deleted, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.expireSilence(request.user, request.params.id);
      return reply.status(204).send();
    },
  );

  api.get(
    NOTIFICATION_CHANNELS_PATH,
    {
      schema: {
        ...common,
        summary: "The organisation's notification channels (email and webhooks).",
        response: { 200: notificationChannelsListSchema },
      },
    },
    async (request) => ({ channels: await service.channels(request.user.organisationId) }),
  );

  api.get(
    NOTIFICATION_DELIVERIES_PATH,
    {
      schema: {
        ...common,
        summary: 'The latest notification deliveries and their status.',
        response: { 200: notificationDeliveriesListSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { deliveries: await service.deliveries(request.user.organisationId) };
    },
  );

  api.post(
    `${NOTIFICATION_DELIVERIES_PATH}/:id/retry`,
    {
      schema: {
        ...common,
        summary: 'Sends a failed or waiting notification again now (operator).',
        params: params(ALERT_MESSAGES.deliveryNotFound),
        response: { 200: notificationDeliverySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => service.retryDelivery(request.user, request.params.id),
  );

  api.post(
    NOTIFICATION_CHANNELS_PATH,
    {
      config: admin,
      schema: {
        ...common,
        summary: "Adds a notification channel (admin); a webhook's signing secret is shown once.",
        body: notificationChannelBodySchema,
        response: { 201: createdNotificationChannelSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createChannel(request.user, request.body)),
  );

  api.put(
    `${NOTIFICATION_CHANNELS_PATH}/:id`,
    {
      config: admin,
      schema: {
        ...common,
        summary: "Changes a channel's name, addresses or URL, and routing (admin).",
        params: params(ALERT_MESSAGES.channelNotFound),
        body: notificationChannelBodySchema,
        response: { 200: notificationChannelSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.updateChannel(request.user, request.params.id, request.body),
  );

  api.delete(
    `${NOTIFICATION_CHANNELS_PATH}/:id`,
    {
      config: admin,
      schema: {
        ...common,
        summary: 'Deletes a notification channel (admin).',
        params: params(ALERT_MESSAGES.channelNotFound),
        response: { 204: deleted, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.deleteChannel(request.user, request.params.id);
      return reply.status(204).send();
    },
  );
}
