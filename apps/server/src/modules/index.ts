import type { FastifyInstance } from 'fastify';
import { documentPlanRefusal } from '../lib/routes.js';
import { healthRoutes } from './health/routes.js';
import { appConfigRoutes } from './app-config/routes.js';
import { openApiPlugin } from './openapi/plugin.js';
import { identityModule } from './identity/module.js';
import { demoModule } from './demo/plugin.js';
import { organisationSettingsPlugin } from './organisation-settings/plugin.js';
import { organisationSettingsRoutes } from './organisation-settings/routes.js';
import { hierarchyPlugin } from './hierarchy/plugin.js';
import { hierarchyRoutes } from './hierarchy/routes.js';
import { hierarchyBulkRoutes } from './hierarchy/bulk/routes.js';
import { plansPlugin } from './plans/plugin.js';
import { billingRoutes, planRoutes, requirePlan } from './plans/routes.js';
import { agentPlugin } from './agent/plugin.js';
import { agentRoutes } from './agent/routes.js';
import { telemetryPlugin } from './telemetry/plugin.js';
import { telemetryRoutes } from './telemetry/routes.js';
import { agentDownloadRoutes } from './agent/download.js';
import { metricsPlugin } from './metrics/plugin.js';
import { appTokensPlugin } from './agent/plugin.js';
import { metricsRoutes, refreshMetricsRoutes } from './metrics/routes.js';
import { onboardingPlugin } from './onboarding/plugin.js';
import { tokenRoutes } from './onboarding/routes.js';
import { accessRoutes, authorise } from './access/routes.js';
import { auditRoutes } from './audit/routes.js';
import { equipmentPlugin } from './equipment/plugin.js';
import { demoEquipmentPlugin } from './demo/equipment-plugin.js';
import { equipmentAgentRoutes, equipmentRoutes } from './equipment/routes.js';
import { observabilityRoutes } from './observability/routes.js';
import { demoTelemetryPlugin } from './demo/agent.js';
import { alertsPlugin } from './alerts/plugin.js';
import { alertsRoutes } from './alerts/routes.js';
import { reportsPlugin } from './reports/plugin.js';
import { reportsRoutes } from './reports/routes.js';
import { anomaliesPlugin } from './anomalies/plugin.js';
import { anomaliesRoutes } from './anomalies/routes.js';
import { recommendationsPlugin } from './recommendations/plugin.js';
import { recommendationsRoutes } from './recommendations/routes.js';
import { efficiencyPlugin } from './efficiency/plugin.js';
import { efficiencyRoutes } from './efficiency/routes.js';

/**
 * Every domain's routes. Public ones first; then the operator API under /api, where one hook
 * authenticates every request (routes never check auth themselves). That scope has no prefix:
 * its routes are declared with the contract's full paths (lib/routes.ts). Agent and webhook routes,
 * which carry their own credentials, are registered outside that scope.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  // First: the OpenAPI document is generated from every route registered after it.
  await app.register(openApiPlugin);
  await app.register(healthRoutes);
  await app.register(appConfigRoutes);
  // Sign-up and reset calls, the embedded OpenID provider under /idp.
  await app.register(identityModule);
  // The demo organisation and operator on a fresh development database.
  await app.register(demoModule);
  // Each domain's repository and service, built once and decorated on the app (app.hierarchy,
  // app.metrics, ...); a module uses another only through these. The agent comes last: its
  // registrations use the hierarchy's, onboarding's and metrics' decorations.
  await app.register(hierarchyPlugin);
  await app.register(organisationSettingsPlugin);
  await app.register(plansPlugin);
  await app.register(onboardingPlugin);
  await app.register(metricsPlugin);
  // The metrics store, live fan-out and the writer agents' pushes go through.
  await app.register(telemetryPlugin);
  await app.register(agentPlugin);
  // Stripe's webhook (its signature is the credential) and the local test checkout.
  await app.register(billingRoutes);
  // The agent (app token), its download, and Prometheus (scrape token).
  await app.register(agentRoutes);
  await app.register(agentDownloadRoutes);
  await app.register(appTokensPlugin);
  await app.register(equipmentPlugin);
  await app.register(equipmentAgentRoutes);
  await app.register(demoEquipmentPlugin);
  // Evaluates every stored sample against the organisations' alert rules.
  await app.register(alertsPlugin);
  // Executive reports on demand and mailed monthly.
  await app.register(reportsPlugin);
  // Trains anomaly models on each organisation's history and judges new minutes (predictions).
  await app.register(anomaliesPlugin);
  // Setpoint recommendations from each pCDU's digital twin, and their 5-minute loop.
  await app.register(recommendationsPlugin);
  await app.register(efficiencyPlugin);
  await app.register(metricsRoutes);

  await app.register(async (api) => {
    api.addHook('onRequest', api.authenticate);
    // Then the role: every write needs operator unless its route asks for more (or less).
    api.addHook('onRequest', authorise);
    // Then the plan: a route of a paid feature declares `config.planFeature`.
    api.addHook('onRequest', requirePlan);
    // A route declaring it inline documents that 403 (a scope-wide one: planFeatureOfScope).
    api.addHook('onRoute', documentPlanRefusal);
    await api.register(organisationSettingsRoutes);
    await api.register(hierarchyRoutes);
    await api.register(hierarchyBulkRoutes);
    await api.register(planRoutes);
    await api.register(tokenRoutes);
    await api.register(refreshMetricsRoutes);
    await api.register(accessRoutes);
    await api.register(auditRoutes);
    await api.register(equipmentRoutes);
    await api.register(telemetryRoutes);
    await api.register(observabilityRoutes);
    await api.register(alertsRoutes);
    await api.register(reportsRoutes);
    await api.register(anomaliesRoutes);
    await api.register(recommendationsRoutes);
    await api.register(efficiencyRoutes);
  });
  // Last: the demo's simulated agents call the agent routes and write to the metrics store.
  await app.register(demoTelemetryPlugin);
}
