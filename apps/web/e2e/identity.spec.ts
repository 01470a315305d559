import { test, expect, launchServer, DESKTOP, PHONE, type Page } from './support/test';
import {
  adminCommand,
  authoriseUser,
  choosePassword,
  demoOperator,
  mailedPasswordLink,
  signIn,
  submitLogin,
} from './support/auth';

const app = launchServer();

/** The header's account area: the display name and 'Sign out' once signed in. */
async function expectSignedInAs(page: Page, name: string) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(header.getByText(name)).toBeVisible();
}

async function openLoginPage(page: Page) {
  await page.goto(`${app.url}/signin`);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/idp\/interaction\//);
}

async function fitsWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

test('the demo operator signs in through our login page on a desktop', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openLoginPage(page);
  await expect(page.getByRole('heading', { name: 'Sign in to Brezza' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
    'href',
    `${app.url}/reset-password`,
  );
  expect(await fitsWidth(page)).toBe(true);

  await submitLogin(page, demoOperator(app.server()));
  await page.waitForURL(`${app.url}/`);
  await expectSignedInAs(page, 'Demo Operator');
});

test('the login page works on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openLoginPage(page);
  const submit = page.getByRole('button', { name: 'Sign in' });
  await expect(submit).toBeVisible();
  const box = await submit.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  expect(await fitsWidth(page)).toBe(true);
  await submitLogin(page, demoOperator(app.server()));
  await page.waitForURL(`${app.url}/`);
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
});

test('a wrong password and an unknown e-mail get the same generic error', async ({ page }) => {
  const demo = demoOperator(app.server());
  await openLoginPage(page);
  await submitLogin(page, { email: demo.email, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password.');
  await expect(page.getByLabel('E-mail')).toHaveValue(demo.email);

  await page.getByLabel('E-mail').fill('nobody@example.com');
  await page.getByLabel('Password').fill('whatever-it-is');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password.');

  // The right password still works from the same page.
  await page.getByLabel('E-mail').fill(demo.email);
  await page.getByLabel('Password').fill(demo.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${app.url}/`);
  await expectSignedInAs(page, 'Demo Operator');
});

test('a user authorised with the admin command sets a password from the link and signs in', async ({
  page,
}) => {
  const server = app.server();
  const link = await authoriseUser(server, { name: 'Grace Hopper', email: 'grace@example.com' });
  // The same link was mailed.
  expect(await mailedPasswordLink(server, 'grace@example.com')).toBe(link);

  await choosePassword(page, link, 'grace-password-1');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL(`${app.url}/signin`);
  await signIn(page, app.url, { email: 'grace@example.com', password: 'grace-password-1' });
  await expectSignedInAs(page, 'Grace Hopper');

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
});

test('a disabled user cannot sign in', async ({ page }) => {
  const server = app.server();
  const link = await authoriseUser(server, { name: 'Dis Abled', email: 'disabled@example.com' });
  await choosePassword(page, link, 'disabled-password-1');
  const disabled = await adminCommand(server, ['disable-user', '--email', 'disabled@example.com']);
  expect(disabled.code).toBe(0);

  await openLoginPage(page);
  await submitLogin(page, { email: 'disabled@example.com', password: 'disabled-password-1' });
  await expect(page.getByRole('alert')).toHaveText(
    'This account is disabled. Ask your provider to enable it again.',
  );
  await expect(page).toHaveURL(/\/idp\/interaction\//);
});

test('a forgotten password is reset through the mailed link', async ({ page }) => {
  const server = app.server();
  const first = await authoriseUser(server, { name: 'Reset Person', email: 'reset@example.com' });
  await choosePassword(page, first, 'old-password-1');

  await page.goto(`${app.url}/reset-password`);
  await page.getByLabel('Email').fill('reset@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();

  const link = await mailedPasswordLink(server, 'reset@example.com', { newerThan: first });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('new-password-1');
  await page.getByLabel('Repeat the new password').fill('new-password-2');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The two passwords do not match.');
  await choosePassword(page, link, 'new-password-1');

  await openLoginPage(page);
  await submitLogin(page, { email: 'reset@example.com', password: 'old-password-1' });
  await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password.');
  await page.getByLabel('Password').fill('new-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${app.url}/`);
  await expectSignedInAs(page, 'Reset Person');
});
