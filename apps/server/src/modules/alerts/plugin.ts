import fp from 'fastify-plugin';
import { planAllows } from '@brezza/contract';
import { ALERT_TICK_MS, createAlertEngine, type AlertEngine } from './engine.js';
import { createNotifier } from './notifier.js';
import { createAlertsService, type AlertsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    alerts: {
      service: AlertsService;
      engine: AlertEngine;
      notifier: ReturnType<typeof createNotifier>;
    };
  }
}

/** How often due notification retries are looked for (new ones are sent at once). */
const DELIVERY_INTERVAL_MS = 2_000;

/**
 * Alerting: every stored sample (app.telemetryEvents, on every instance) is evaluated on
 * arrival; a tick handles no data, absences and pending durations; notifications are sent from
 * the delivery queue with retries.
 */
export const alertsPlugin = fp(
  async (app) => {
    const { config } = app;
    const log = (error: unknown) => app.log.warn({ err: error }, 'alerting');
    const alertsAllowed = async (organisationId: number) =>
      planAllows(await app.plans.service.planOf(organisationId), 'alerts');
    const notifier = createNotifier({
      db: app.database.db,
      mailer: app.mail,
      publicUrl: config.publicUrl,
      now: Date.now,
      log,
      alertsAllowed,
    });
    const engine = createAlertEngine({
      db: app.database.db,
      now: Date.now,
      log,
      alertsAllowed,
      onTransition: (recorded) => {
        if (recorded.notify) void notifier.kick();
      },
    });
    const service = createAlertsService({
      db: app.database.db,
      engine,
      now: Date.now,
      sendDue: () => void notifier.kick(),
    });
    app.decorate('alerts', { service, engine, notifier });

    // Every organisation's stored samples, from whichever instance stored them.
    const unsubscribe = app.telemetryEvents.subscribe({}, (samples) => {
      engine.evaluate(samples).catch(log);
    });
    const tick = setInterval(() => void engine.tick().catch(log), ALERT_TICK_MS);
    const deliveries = setInterval(() => void notifier.kick(), DELIVERY_INTERVAL_MS);
    tick.unref();
    deliveries.unref();
    app.addHook('onClose', async () => {
      clearInterval(tick);
      clearInterval(deliveries);
      unsubscribe();
      await notifier.idle();
    });
  },
  { name: 'alerts', dependencies: ['database', 'mail', 'plans', 'telemetry'] },
);
