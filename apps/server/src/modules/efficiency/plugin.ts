import fp from 'fastify-plugin';
import { createEfficiencyRepository } from './repository.js';
import { createEfficiencyService, type EfficiencyService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    efficiency: EfficiencyService;
  }
}

/** Cooling performance, capacity, energy flow and benchmarking, computed from the metrics store. */
export const efficiencyPlugin = fp(
  async (app) => {
    app.decorate(
      'efficiency',
      createEfficiencyService({
        repository: createEfficiencyRepository(app.database.db),
        store: app.metricsStore,
      }),
    );
  },
  { name: 'efficiency', dependencies: ['database', 'telemetry'] },
);
