import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  EFFICIENCY_MESSAGES,
  EFFICIENCY_PATH,
  EFFICIENCY_RANKING_PATH,
  EFFICIENCY_SETTINGS_PATH,
  ENERGY_FLOW_PATH,
  coolingPerformanceSchema,
  efficiencyQuerySchema,
  efficiencyRankingSchema,
  efficiencySchema,
  efficiencySettingsSchema,
  energyFlowSchema,
  errorBodySchema,
  facilityMeterBodySchema,
  periodQuerySchema,
} from '@brezza/contract';
import { pathId, routes } from '../../lib/routes.js';

const common = { tags: ['Efficiency'], security: [{ operator: [] }] };
const refusals = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * Cooling performance (Oro), capacity and efficiency with benchmarking (Oro), thermal energy flow
 * (Oro), and the datacenters' PUE sources; in the /api scope. Reads: viewers; settings: admins.
 */
export async function efficiencyRoutes(app: FastifyInstance): Promise<void> {
  const service = app.efficiency;
  const api = routes(app);

  api.get(
    '/api/equipment/:id/cooling-performance',
    {
      config: { planFeature: 'coolingPerformance' },
      schema: {
        ...common,
        summary:
          "A pCDU's heat removed computed on the water side (flow × 4.18 kJ/(kg·K) × ΔT) against its reported cooling power, flagged when they disagree by more than 10 % for a minute; approach temperature, valve against demand, electrical draw and the loop's overhead ratio over a period.",
        params: z.object({ id: pathId(EFFICIENCY_MESSAGES.notPcdu) }),
        querystring: periodQuerySchema,
        response: { 200: coolingPerformanceSchema, ...refusals },
      },
    },
    async (request) =>
      service.coolingPerformance(
        request.user.organisationId,
        request.params.id,
        request.query.from,
        request.query.to,
      ),
  );

  api.get(
    EFFICIENCY_PATH,
    {
      config: { planFeature: 'efficiency' },
      schema: {
        ...common,
        summary:
          'IT power, heat removed, cooling capacity, utilisation, headroom, cooling overhead ratio and PUE (where configured) of the organisation, a datacenter, room or rack over a period, with the previous period of equal length.',
        querystring: efficiencyQuerySchema,
        response: { 200: efficiencySchema, ...refusals },
      },
    },
    async (request) =>
      service.efficiency(
        request.user.organisationId,
        request.query.scope,
        request.query.from,
        request.query.to,
      ),
  );

  api.get(
    ENERGY_FLOW_PATH,
    {
      config: { planFeature: 'energyFlow' },
      schema: {
        ...common,
        summary:
          'The heat balance of a scope over a period as flows (kW average, kWh): IT power → pCDU liquid loop → facility water, and what is lost to the room air.',
        querystring: efficiencyQuerySchema,
        response: { 200: energyFlowSchema, ...refusals },
      },
    },
    async (request) =>
      service.energyFlow(
        request.user.organisationId,
        request.query.scope,
        request.query.from,
        request.query.to,
      ),
  );

  api.get(
    EFFICIENCY_RANKING_PATH,
    {
      config: { planFeature: 'efficiency' },
      schema: {
        ...common,
        summary:
          'Datacenters and rooms ranked by efficiency over a period (lowest cooling overhead ratio first), with the previous period.',
        querystring: periodQuerySchema,
        response: { 200: efficiencyRankingSchema, ...refusals },
      },
    },
    async (request) =>
      service.ranking(request.user.organisationId, request.query.from, request.query.to),
  );

  api.get(
    EFFICIENCY_SETTINGS_PATH,
    {
      config: { planFeature: 'efficiency' },
      schema: {
        ...common,
        summary: "Each datacenter's PUE source: a declared figure or a facility meter.",
        response: { 200: efficiencySettingsSchema, 403: errorBodySchema },
      },
    },
    async (request) => service.settings(request.user.organisationId),
  );

  api.put(
    `${EFFICIENCY_SETTINGS_PATH}/:datacenterId`,
    {
      config: { planFeature: 'efficiency', minimumRole: 'admin' },
      schema: {
        ...common,
        summary:
          "Sets a datacenter's PUE source: `declaredPue` (1.0–5.0) or `facilityMeterDeviceId` (a PDU whose total power is the facility's input), or neither.",
        params: z.object({ datacenterId: pathId(EFFICIENCY_MESSAGES.datacenterNotFound) }),
        body: facilityMeterBodySchema,
        response: { 200: efficiencySettingsSchema, ...refusals },
      },
    },
    async (request) =>
      service.saveSettings(request.user.organisationId, request.params.datacenterId, request.body),
  );
}
