import fp from 'fastify-plugin';
import { createEquipmentService, type EquipmentService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    equipment: EquipmentService;
  }
}

/** How often overdue commands are failed even when nobody is looking at their unit. */
export const COMMAND_SWEEP_INTERVAL_MS = 5_000;

/**
 * The equipment service, built once: the /api routes, the gateway agent's routes and the admin
 * command share it. Numeric readings go to the metrics store and its live stream.
 */
export const equipmentPlugin = fp(
  async (app) => {
    const service = createEquipmentService({
      db: app.database.db,
      onDevicesChanged: (organisationId, trx, afterCommit) =>
        app.hierarchy.changed(organisationId, trx, afterCommit),
      // The store publishes what it stored to the live stream itself.
      async writeSamples(samples) {
        await app.metricsStore.write(samples);
      },
      appTokens: app.appTokens,
    });
    app.decorate('equipment', service);

    const sweep = setInterval(() => {
      service.failOverdue().catch((error: unknown) => {
        app.log.warn({ err: error }, 'failing overdue equipment commands failed');
      });
    }, COMMAND_SWEEP_INTERVAL_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'equipment', dependencies: ['database', 'hierarchy', 'telemetry', 'app-tokens'] },
);
