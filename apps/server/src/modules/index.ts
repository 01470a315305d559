import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/routes.js';
import { appConfigRoutes } from './app-config/routes.js';
import { openApiRoutes } from './openapi/routes.js';
import { identityModule } from './identity/module.js';
import { organisationSettingsRoutes } from './organisation-settings/routes.js';
import { hierarchyPlugin } from './hierarchy/plugin.js';
import { hierarchyRoutes } from './hierarchy/routes.js';
import { billingRoutes, planRoutes } from './plans/routes.js';
import { agentRoutes } from './agent/routes.js';
import { telemetryPlugin } from './telemetry/plugin.js';
import { agentDownloadRoutes } from './agent/download.js';
import { metricsRoutes, refreshMetricsRoutes } from './metrics/routes.js';
import { tokenRoutes } from './onboarding/routes.js';
import { accessRoutes, authorise } from './access/routes.js';
import { auditRoutes } from './audit/routes.js';
import { equipmentPlugin } from './equipment/plugin.js';
import { demoEquipmentPlugin } from './demo/equipment-plugin.js';
import { equipmentAgentRoutes, equipmentRoutes } from './equipment/routes.js';
import { alertsPlugin } from './alerts/plugin.js';
import { alertsRoutes } from './alerts/routes.js';

/**
 * Every domain's routes. Public ones first; then the operator API under /api, where one hook
 * authenticates every request (routes never check auth themselves). Agent and webhook routes,
 * which carry their own credentials, are registered outside that scope.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(appConfigRoutes);
  await app.register(openApiRoutes);
  // Sign-up and reset calls, the embedded OpenID provider under /idp, the demo operator.
  await app.register(identityModule);
  // Outside /api: onboarding's agent routes also use app.hierarchy to invalidate lists.
  await app.register(hierarchyPlugin);
  // Stripe's webhook (its signature is the credential) and the local test checkout.
  await app.register(billingRoutes);
  // The metrics store, live fan-out and the writer agents' pushes go through.
  await app.register(telemetryPlugin);
  // The agent (app token), its download, and Prometheus (scrape token).
  await app.register(agentRoutes);
  await app.register(agentDownloadRoutes);
  await app.register(equipmentPlugin);
  await app.register(equipmentAgentRoutes);
  await app.register(demoEquipmentPlugin);
  // Evaluates every stored sample against the organisations' alert rules.
  await app.register(alertsPlugin);
  await app.register(metricsRoutes);

  await app.register(
    async (api) => {
      api.addHook('onRequest', api.authenticate);
      // Then the role: every write needs operator unless its route asks for more (or less).
      api.addHook('onRequest', authorise);
      await api.register(organisationSettingsRoutes);
      await api.register(hierarchyRoutes);
      await api.register(planRoutes);
      await api.register(tokenRoutes);
      await api.register(refreshMetricsRoutes);
      await api.register(accessRoutes);
      await api.register(auditRoutes);
      await api.register(equipmentRoutes);
      await api.register(alertsRoutes);
    },
    { prefix: '/api' },
  );
}
