import { expect } from 'vitest';
import { featuresResponseSchema, GET_FEATURES_PATH, type PlanId } from '@brezza/contract';
import { createUsersRepository } from '../../src/modules/users/repository.js';
import { runAdmin } from './admin.js';
import type { TestApp } from './app.js';
import { mintAccessToken, type Operator } from './auth.js';
import { testEnv } from './database.js';

let sequence = 0;

/**
 * An organisation made as the provider's staff make one (`npm run admin -- create-organisation`,
 * then `authorise-user`), so holding no plan, and its first user, signed in.
 */
export async function staffOrganisationOperator(t: TestApp, name?: string): Promise<Operator> {
  sequence += 1;
  const organisation = name ?? `Staff Organisation ${sequence} ${Date.now()}`;
  const email = `staff-made-${sequence}-${Date.now()}@example.com`;
  const env = testEnv(t.database);
  const created = await runAdmin(env, 'create-organisation', '--name', organisation);
  expect(created.code, created.err).toBe(0);
  const authorised = await runAdmin(
    env,
    'authorise-user',
    '--name',
    `Operator ${sequence}`,
    '--email',
    email,
    '--organisation',
    organisation,
  );
  expect(authorised.code, authorised.err).toBe(0);
  const user = await createUsersRepository(t.app.database.db).findByEmail(email);
  if (!user) throw new Error(`authorise-user made no user ${email}`);
  const token = await mintAccessToken(t, { subject: String(user.id) });
  return {
    userId: user.id,
    organisationId: user.organisation_id,
    email,
    headers: { authorization: `Bearer ${token}` },
  };
}

/**
 * Buys `planId` for the operator's organisation the way an admin does without Stripe: the plan
 * page's checkout call, then 'Pay' on the local test checkout (the signed webhook path).
 */
export async function holdPlan(t: TestApp, admin: Operator, planId: PlanId): Promise<void> {
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session',
    headers: admin.headers,
    payload: { planId },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const page = new URL(checkout.json<{ url: string }>().url).pathname;
  const paid = await t.app.inject({
    method: 'POST',
    url: `${page}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(paid.statusCode, paid.body).toBe(303);
}

/** The features `POST /api/get-features` answers the operator (its organisation's plan). */
export async function featuresOf(t: TestApp, operator: Operator): Promise<Record<string, string>> {
  const response = await t.app.inject({
    method: 'POST',
    url: GET_FEATURES_PATH,
    headers: operator.headers,
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return featuresResponseSchema.parse(response.json()).features;
}
