import fp from 'fastify-plugin';
import { RECOMMENDATION_INTERVAL_MS, planAllows } from '@brezza/contract';
import { createRecommendationsService, type RecommendationsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    recommendations: RecommendationsService;
  }
}

/**
 * The recommendations service, built once, and its loop: every RECOMMENDATION_INTERVAL_MS each
 * pCDU of a Platino organisation is tried on its twin (and, under automatic mode, the fresh
 * proposal applied). One pass at a time; a pass costs one calibration and one bounded search per
 * unit.
 */
export const recommendationsPlugin = fp(
  async (app) => {
    const service = createRecommendationsService({
      db: app.database.db,
      equipment: app.equipment,
      metricsStore: app.metricsStore,
      log: (error, message) => app.log.warn({ err: error }, message),
    });
    app.decorate('recommendations', service);

    let pass: Promise<void> | null = null;
    const loop = setInterval(() => {
      if (pass) return;
      pass = service
        .runScheduled(async (organisationId) =>
          planAllows(await app.plans.service.planOf(organisationId), 'recommendations'),
        )
        .catch((error: unknown) => app.log.warn({ err: error }, 'recommendations pass failed'))
        .finally(() => (pass = null));
    }, RECOMMENDATION_INTERVAL_MS);
    loop.unref();
    app.addHook('onClose', async () => {
      clearInterval(loop);
      await pass;
    });
  },
  { name: 'recommendations', dependencies: ['database', 'equipment', 'telemetry', 'plans'] },
);
