import type { FastifyInstance } from 'fastify';
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

/** Wires the plans domain from the app's configuration: Stripe when configured, else local. */
export async function createPlans(app: FastifyInstance): Promise<Plans> {
  const { billing, publicUrl } = app.config;
  const repository = createBillingRepository(app.database.db);
  const gateway =
    billing.mode === 'stripe'
      ? createStripeGateway(billing, { publicUrl })
      : createLocalGateway({ publicUrl, webhookSecret: await repository.localWebhookSecret() });
  const service = createPlansService({ repository, gateway, log: app.log });
  return { repository, gateway, service };
}
