import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { STRIPE_WEBHOOK_PATH, type WebhookReceived } from '@brezza/contract';
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

  app.post<{ Reply: WebhookReceived }>(STRIPE_WEBHOOK_PATH, async (request) => {
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
    return { received: true };
  });
}
