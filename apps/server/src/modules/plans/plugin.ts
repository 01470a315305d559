import fp from 'fastify-plugin';
import { createLocalGateway } from './local-gateway.js';
import { createBillingRepository, type BillingRepository } from './repository.js';
import { createPlansService, type PlansService } from './service.js';
import { createStripeGateway } from './stripe-gateway.js';
import type { BillingGateway } from './gateway.js';

export interface Plans {
  repository: BillingRepository;
  gateway: BillingGateway;
  service: PlansService;
}

/**
 * The plans domain, built once from the app's configuration (Stripe when configured, else the
 * local test checkout) and decorated as `app.plans` for the /api routes, the webhook and the
 * local checkout pages.
 */
export const plansPlugin = fp(
  async (app) => {
    const { billing, publicUrl } = app.config;
    const repository = createBillingRepository(app.database.db);
    const gateway =
      billing.mode === 'stripe'
        ? createStripeGateway(billing, { publicUrl })
        : createLocalGateway({ publicUrl, webhookSecret: await repository.localWebhookSecret() });
    const service = createPlansService({ repository, gateway, log: app.log });
    app.decorate('plans', { repository, gateway, service } satisfies Plans);
  },
  { name: 'plans', dependencies: ['database'] },
);
