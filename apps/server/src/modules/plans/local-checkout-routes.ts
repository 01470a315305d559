import type { FastifyInstance, FastifyReply } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import {
  LOCAL_CHECKOUT_PREFIX,
  PLAN_CANCEL_PATH,
  PLAN_PAGE_PATH,
  PLAN_SUCCESS_PATH,
  planById,
  STRIPE_WEBHOOK_PATH,
} from '@brezza/contract';
import { routes } from '../../lib/routes.js';
import { renderCheckoutMessage, renderCheckoutPage } from './checkout-page.js';
import { checkoutCompletedEvent, localSessionState } from './local-checkout.js';
import { isLocalSession, LOCAL_ID, localId } from './local-gateway.js';

// Pages for a browser, not API calls: declared (the session in the path, HTML or a redirect
// answered) but left out of /openapi.json, like the identity provider's pages. Any session text
// is accepted; one that names no session answers the "Checkout not found" page.
const HTML = {
  description: 'A page.',
  content: { 'text/html; charset=utf-8': { schema: z.string() } },
};
const REDIRECT = z.null().describe('On to the plan page (Location).');
const pageSchema = (responses: Record<number, unknown>) => ({
  hide: true,
  params: z.object({ sessionId: z.string() }),
  response: responses,
});
const showSchema = pageSchema({ 200: HTML, 404: HTML, 409: HTML });
const paySchema = pageSchema({ 303: REDIRECT, 404: HTML, 409: HTML, 502: HTML });
const cancelSchema = pageSchema({ 303: REDIRECT, 404: HTML });

/**
 * The local test checkout (used when no Stripe account is configured): a page showing the plan
 * and its price, 'Pay' and 'Cancel'. 'Pay' builds the event Stripe would send, signs it with the
 * local secret and hands it to the very same webhook route, then returns to /success.
 */
export async function localCheckoutRoutes(app: FastifyInstance): Promise<void> {
  const { repository, gateway } = app.plans;
  const { publicUrl } = app.config;
  const productName = app.config.env.PRODUCT_NAME;
  const pagePath = `${LOCAL_CHECKOUT_PREFIX}:sessionId`;

  // The forms post no fields: their action names the session.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, {}));

  const send = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(html);

  const message = (
    reply: FastifyReply,
    status: number,
    page: { title: string; message: string; link: { href: string; label: string } },
  ) =>
    send(
      reply,
      status,
      renderCheckoutMessage({ ...page, productName, styleNonce: reply.cspNonce.style }),
    );

  const backToPlans = { href: PLAN_PAGE_PATH, label: 'Back to plans' };
  const notFoundPage = (reply: FastifyReply) =>
    message(reply, 404, {
      title: 'Checkout not found',
      message: 'This checkout does not exist. Choose a plan again to start a new one.',
      link: backToPlans,
    });
  const closedPage = (reply: FastifyReply) =>
    message(reply, 409, {
      title: 'Checkout closed',
      message:
        'This checkout was cancelled or has expired. Choose a plan again to start a new one.',
      link: backToPlans,
    });

  const findSession = async (sessionId: string) =>
    isLocalSession(sessionId) ? repository.checkoutSession(sessionId) : undefined;

  routes(app).get(pagePath, { schema: showSchema }, async (request, reply) => {
    const session = await findSession(request.params.sessionId);
    if (!session) return notFoundPage(reply);
    const state = localSessionState(session, new Date());
    if (state === 'complete') {
      return message(reply, 200, {
        title: 'Payment complete',
        message: 'This checkout is already paid.',
        link: { href: PLAN_SUCCESS_PATH, label: 'See your plan' },
      });
    }
    if (state === 'closed') return closedPage(reply);
    const organisation = await repository.organisation(session.organisation_id);
    return send(
      reply,
      200,
      renderCheckoutPage({
        productName,
        styleNonce: reply.cspNonce.style,
        sessionId: session.id,
        plan: planById(session.plan),
        organisationName: organisation?.name ?? '',
      }),
    );
  });

  routes(app).post(`${pagePath}/pay`, { schema: paySchema }, async (request, reply) => {
    const session = await findSession(request.params.sessionId);
    if (!session) return notFoundPage(reply);
    const state = localSessionState(session, new Date());
    // A second click on 'Pay' finds the session paid: the same answer as the first.
    if (state === 'complete') return reply.redirect(PLAN_SUCCESS_PATH, 303);
    if (state === 'closed') return closedPage(reply);

    const organisation = await repository.organisation(session.organisation_id);
    const payload = JSON.stringify(
      checkoutCompletedEvent({
        eventId: localId(LOCAL_ID.event),
        session,
        customerId: organisation?.stripeCustomerId ?? localId(LOCAL_ID.customer),
        subscriptionId: localId(LOCAL_ID.subscription),
        publicUrl,
        now: new Date(),
      }),
    );
    const delivery = await app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: gateway.webhookSecret,
        }),
      },
      payload,
    });
    if (delivery.statusCode !== 200) {
      request.log.error(
        { status: delivery.statusCode, body: delivery.body },
        'local checkout webhook failed',
      );
      return message(reply, 502, {
        title: 'Payment not completed',
        message: 'The payment could not be completed. Nothing has changed; please try again.',
        link: { href: `${LOCAL_CHECKOUT_PREFIX}${session.id}`, label: 'Back to checkout' },
      });
    }
    return reply.redirect(PLAN_SUCCESS_PATH, 303);
  });

  routes(app).post(`${pagePath}/cancel`, { schema: cancelSchema }, async (request, reply) => {
    const session = await findSession(request.params.sessionId);
    if (!session) return notFoundPage(reply);
    await repository.cancelCheckoutSession(session.id);
    return reply.redirect(
      session.status === 'complete' ? PLAN_SUCCESS_PATH : PLAN_CANCEL_PATH,
      303,
    );
  });
}
