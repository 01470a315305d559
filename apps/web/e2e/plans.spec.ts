import { test, expect, launchServer, PHONE, type Page } from './support/test';
import { demoOperator, signIn, staffOrganisationForSpec, type Credentials } from './support/auth';

/**
 * Plans against the real server and its local test checkout (no Stripe configured): the same
 * signed-webhook path that Stripe would take. The tests run in order on one organisation made by
 * staff (so starting with no plan); the demo organisation holds Platino.
 */
const app = launchServer();
const buyer = staffOrganisationForSpec(app, {
  name: 'Lagoon Hosting',
  user: 'Paula Buyer',
  email: 'paula@lagoon.example',
  password: 'paula-password-1',
});

const card = (page: Page, name: 'ARGENTO' | 'ORO' | 'PLATINO') =>
  page.getByRole('article', { name });

async function openPlans(page: Page, path = '/stripe', who: Credentials = buyer()) {
  await signIn(page, app.url, who, { returnTo: path });
  await expect(page).toHaveURL(`${app.url}${path}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
}

async function expectCurrentPlan(page: Page, held: 'ARGENTO' | 'ORO' | 'PLATINO') {
  const current = card(page, held);
  await expect(current.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  // The green badge and the disabled button.
  await expect(current.getByText('Current Plan', { exact: true })).toHaveCount(2);
  for (const other of (['ARGENTO', 'ORO', 'PLATINO'] as const).filter((n) => n !== held)) {
    await expect(card(page, other).getByRole('button')).toHaveText('Switch Subscription');
    await expect(card(page, other).getByRole('button')).toBeEnabled();
    await expect(card(page, other).getByText('Current Plan', { exact: true })).toHaveCount(0);
  }
}

/** From a card's button to the local checkout, checking what it shows. */
async function openCheckout(page: Page, name: 'ARGENTO' | 'ORO' | 'PLATINO', price: string) {
  await card(page, name).getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`^${app.url}/checkout/cs_local_[\\w-]+$`));
  await expect(page.getByText('TEST CHECKOUT', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`${price}.00`, { exact: true })).toBeVisible();
}

test('the demo organisation holds PLATINO, as demo data', async ({ page }) => {
  await openPlans(page, '/stripe', demoOperator(app.server()));
  await expectCurrentPlan(page, 'PLATINO');
});

test('an organisation made by staff has no plan: every card offers Subscribe', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openPlans(page);
  for (const [name, price] of [
    ['ARGENTO', '$99'],
    ['ORO', '$199'],
    ['PLATINO', '$299'],
  ] as const) {
    await expect(card(page, name).getByRole('button')).toHaveText('Subscribe');
    await expect(card(page, name).getByRole('button')).toBeEnabled();
    await expect(card(page, name)).toContainText(`${price}/mo`);
  }
  await expect(page.getByText('Current Plan', { exact: true })).toHaveCount(0);
});

test('subscribes to ORO through the local checkout, showing Processing... meanwhile', async ({
  page,
}) => {
  await openPlans(page);
  // Hold the real call back a moment so the busy state can be seen, then let it through.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/create-checkout-session', async (route) => {
    await held;
    await route.continue();
  });
  await card(page, 'ORO').getByRole('button', { name: 'Subscribe' }).click();
  await expect(card(page, 'ORO').getByRole('button')).toHaveText('Processing...');
  await expect(card(page, 'ORO').getByRole('button')).toBeDisabled();
  await expect(card(page, 'PLATINO').getByRole('button')).toBeDisabled();
  release();

  await expect(page).toHaveURL(new RegExp(`^${app.url}/checkout/cs_local_`));
  await expect(page.getByText('TEST CHECKOUT', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'ORO' })).toBeVisible();
  await expect(page.getByText('$199.00', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(`${app.url}/success`);
  await expect(page.getByRole('status')).toContainText('Your payment went through.');
  await expectCurrentPlan(page, 'ORO');
});

test('switches from ORO to PLATINO', async ({ page }) => {
  await openPlans(page);
  await expectCurrentPlan(page, 'ORO');
  await openCheckout(page, 'PLATINO', '$299');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(`${app.url}/success`);
  await expectCurrentPlan(page, 'PLATINO');
});

test('cancelling the checkout returns to /cancel with the plan unchanged', async ({ page }) => {
  await openPlans(page);
  await openCheckout(page, 'ARGENTO', '$99');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(`${app.url}/cancel`);
  await expect(page.getByRole('status')).toContainText(
    'Your payment was cancelled. Your plan has not changed.',
  );
  await expectCurrentPlan(page, 'PLATINO');
});

test('a failed checkout is only logged, and the button is usable again', async ({
  page,
  consoleErrors,
}) => {
  await openPlans(page);
  await expectCurrentPlan(page, 'PLATINO');
  // The real server refuses a plan id it does not sell (400).
  await page.route('**/api/create-checkout-session', (route) =>
    route.continue({ postData: JSON.stringify({ planId: 'gold' }) }),
  );
  await card(page, 'ORO').getByRole('button').click();
  await expect(card(page, 'ORO').getByRole('button')).toHaveText('Switch Subscription');
  await expect(card(page, 'ORO').getByRole('button')).toBeEnabled();
  await expect(page).toHaveURL(`${app.url}/stripe`);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectCurrentPlan(page, 'PLATINO');

  // SPEC §8 has this failure logged to the console: the one error this test expects, with the
  // browser's own line about the 400 it was answered.
  await expect
    .poll(() => consoleErrors.some((e) => e.includes('Failed to create checkout session')))
    .toBe(true);
  const unexpected = consoleErrors.filter(
    (e) =>
      !e.includes('Failed to create checkout session') &&
      !e.includes('the server responded with a status of 400'),
  );
  consoleErrors.splice(0, consoleErrors.length, ...unexpected);
});
