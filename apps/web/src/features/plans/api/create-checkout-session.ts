import {
  CREATE_CHECKOUT_SESSION_PATH,
  checkoutSessionResponseSchema,
  type PlanId,
} from '@brezza/contract';
import type { Request } from './request';

/** SPEC §7: POST { planId }; answers the checkout URL the browser goes to. */
export async function createCheckoutSession(request: Request, planId: PlanId): Promise<string> {
  const body = await request<unknown>(CREATE_CHECKOUT_SESSION_PATH, {
    method: 'POST',
    body: { planId },
    fallbackError: 'Failed to create checkout session: {status}',
  });
  return checkoutSessionResponseSchema.parse(body).url;
}
