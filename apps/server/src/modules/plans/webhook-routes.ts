import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import { STRIPE_WEBHOOK_PATH, errorBodySchema, webhookReceivedSchema } from '@brezza/contract';
import { routes } from '../../lib/routes.js';
import { badRequest } from '../../errors.js';
import type { PlansService } from './service.js';

export const MISSING_SIGNATURE_ERROR = 'Missing Stripe-Signature header.';
export const INVALID_SIGNATURE_ERROR = 'Invalid webhook signature.';

/**
 * `POST /api/stripe/webhook`: Stripe's events, or the local checkout's, verified against the raw
 * body with the SDK before anything changes. Outside the bearer-token scope: the signature is the
 * credential. Any failure after verification answers 500, so that Stripe delivers the event again.
 */
export async function stripeWebhookRoutes(
  app: FastifyInstance,
  options: { service: PlansService; webhookSecret: string },
): Promise<void> {
  // The signature covers the exact bytes sent: keep every body of this scope as a Buffer.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const schema = {
    summary: "Stripe's events; subscriptions change only through them.",
    tags: ['Billing'],
    security: [{ stripeSignature: [] }],
    // Documented, never parsed here: the signature is checked against the raw bytes first.
    body: z.unknown().describe('A Stripe event object; the signature covers its exact bytes.'),
    response: { 200: webhookReceivedSchema, 400: errorBodySchema, 500: errorBodySchema },
  };
  routes(app).post(STRIPE_WEBHOOK_PATH, { schema }, async (request) => {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || signature === '')
      throw badRequest(MISSING_SIGNATURE_ERROR);
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(body, signature, options.webhookSecret);
    } catch (error) {
      request.log.warn({ err: error }, 'webhook rejected');
      throw badRequest(INVALID_SIGNATURE_ERROR);
    }
    const outcome = await options.service.handleEvent(event);
    request.log.info({ eventId: event.id, type: event.type, outcome }, 'webhook processed');
    return { received: true as const };
  });
}
