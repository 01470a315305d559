import { test, expect, launchServer, DESKTOP, PHONE, type Page } from './support/test';

const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

/** On phones the header's links sit behind the menu button. */
async function openMenuOnPhone(page: Page) {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
}

async function expectLanding(page: Page) {
  const main = page.getByRole('main');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Optimize your Data Center with Brezza AI' }),
  ).toBeVisible();
  await expect(main.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signin');
  const learnMore = main.getByRole('link', { name: 'Learn More' });
  await expect(learnMore).toHaveAttribute('href', 'https://brezza.ai');
  await expect(learnMore).toHaveAttribute('target', '_blank');
  await expect(main).toContainText('99.9% uptime guarantee');
  await expect(main).toContainText('24/7 support');
  for (const group of ['Real-time monitoring', 'AI optimisation', 'Advanced reporting']) {
    await expect(main.getByRole('heading', { name: group })).toBeAttached();
  }
}

test.describe('public pages', () => {
  const app = launchServer();

  for (const [name, viewport] of VIEWPORTS) {
    test.describe(`at ${name} width`, () => {
      test.use({ viewport });

      test('/ shows the signed-out landing', async ({ page }) => {
        await page.goto(`${app.url}/`);
        await expectLanding(page);
        await expect(page.getByRole('contentinfo')).toContainText(
          '© 2025 Brezza. All rights reserved.',
        );
      });

      test('/logged-out shows the landing', async ({ page }) => {
        await page.goto(`${app.url}/logged-out`);
        await expectLanding(page);
      });

      test('the header offers Docs, Sign in and an external Request Demo', async ({ page }) => {
        await page.goto(`${app.url}/`);
        await expect(page.getByRole('link', { name: 'Brezza' }).first()).toHaveAttribute(
          'href',
          '/',
        );
        await openMenuOnPhone(page);
        const header = page.getByRole('banner');
        await expect(header.getByRole('link', { name: 'Docs' })).toBeVisible();
        await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
        const demo = header.getByRole('link', { name: 'Request Demo' });
        await expect(demo).toBeVisible();
        await expect(demo).toHaveAttribute('href', 'https://brezza.ai/request-demo');
        await expect(demo).toHaveAttribute('target', '_blank');
        await expect(demo).toHaveAttribute('rel', /noopener/);
        await header.getByRole('link', { name: 'Docs' }).click();
        await expect(page).toHaveURL(`${app.url}/docs`);
      });

      test('/features shows three feature cards and why to choose Brezza', async ({ page }) => {
        await page.goto(`${app.url}/features`);
        await expect(
          page.getByRole('heading', { level: 1, name: 'Platform Features' }),
        ).toBeVisible();
        for (const card of ['Real-time monitoring', 'AI optimisation', 'Advanced reporting']) {
          await expect(page.getByRole('heading', { level: 2, name: card })).toBeVisible();
        }
        await expect(page.getByRole('heading', { name: 'Why Choose Brezza' })).toBeVisible();
        for (const point of [
          'High Performance',
          'Reliable & Secure',
          'Expert Support',
          'Proven Results',
        ]) {
          await expect(page.getByRole('heading', { level: 3, name: point })).toBeVisible();
        }
      });

      test('/signin has one Sign in button and a way to request a demo', async ({ page }) => {
        await page.goto(`${app.url}/signin`);
        const main = page.getByRole('main');
        await expect(
          page.getByRole('heading', { level: 1, name: 'Sign into your Brezza Dashboard' }),
        ).toBeVisible();
        await expect(main.getByRole('button', { name: 'Sign in' })).toHaveCount(1);
        await expect(main).toContainText('New to Brezza?');
        await expect(main).toContainText("Don't have an account?");
        const demo = main.getByRole('link', { name: 'Request Demo' });
        await expect(demo).toHaveAttribute('href', 'https://brezza.ai/request-demo');
        await expect(demo).toHaveAttribute('target', '_blank');
      });

      test('/signup has the form with native checks and the social buttons', async ({ page }) => {
        await page.goto(`${app.url}/signup`);
        await expect(
          page.getByRole('heading', {
            level: 1,
            name: 'Welcome. We exist to make entrepreneurism easier.',
          }),
        ).toBeVisible();
        const name = page.getByLabel('Name');
        const email = page.getByLabel('Email');
        const password = page.getByLabel('Password');
        for (const field of [name, email, password]) {
          await expect(field).toHaveAttribute('required', '');
        }
        await expect(email).toHaveAttribute('type', 'email');
        await expect(page.getByText(/Terms of Service/)).toContainText('Privacy Policy');
        // No social connection is configured by default: both buttons say why they are off.
        for (const provider of ['GitHub', 'Google']) {
          await expect(
            page.getByRole('button', { name: `Continue with ${provider}` }),
          ).toBeDisabled();
        }
        await expect(page.getByText('not set up for this installation')).toBeVisible();

        // The browser's own checks stop an empty or malformed form.
        await page.getByRole('button', { name: 'Sign up' }).click();
        expect(await name.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
          true,
        );
        await name.fill('Ada Operator');
        await email.fill('not-an-email');
        await password.fill('correct horse battery');
        await page.getByRole('button', { name: 'Sign up' }).click();
        expect(await email.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(
          true,
        );
        await expect(page.getByRole('heading', { name: 'Request received' })).toHaveCount(0);

        await page.getByRole('link', { name: 'Already using Brezza? Sign in' }).click();
        await expect(page).toHaveURL(`${app.url}/signin`);
      });

      test('/reset-password asks for an e-mail address', async ({ page }) => {
        await page.goto(`${app.url}/reset-password`);
        await expect(
          page.getByRole('heading', { level: 1, name: "Let's get you back up on your feet" }),
        ).toBeVisible();
        const email = page.getByLabel('Email');
        await expect(email).toHaveAttribute('type', 'email');
        await expect(email).toHaveAttribute('required', '');
        await expect(page.getByRole('main')).toContainText('e-mail you a link to reset');
        await page.getByRole('button', { name: 'Send reset link' }).click();
        expect(await email.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
          true,
        );
      });
    });
  }

  test('the header turns white with a shadow once scrolled past 10 px', async ({ page }) => {
    await page.goto(`${app.url}/features`);
    const header = page.getByRole('banner');
    await expect(header).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await expect(header).toHaveCSS('box-shadow', 'none');
    await page.evaluate(() => window.scrollTo({ top: 8, behavior: 'instant' }));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
    await expect(header).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(header).not.toHaveCSS('box-shadow', 'none');
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(header).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  });

  test('sign-up sends an access request and confirms it without revealing anything', async ({
    page,
  }) => {
    await page.goto(`${app.url}/signup`);
    await page.getByLabel('Name').fill('Ada Operator');
    await page.getByLabel('Email').fill(`ada+${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Request received' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('An administrator at Brezza will review');
    await expect(page.getByRole('button', { name: 'Sign up' })).toHaveCount(0);
  });

  test('a password reset request always gets the same confirmation', async ({ page }) => {
    await page.goto(`${app.url}/reset-password`);
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(
      'If an account exists for nobody@example.com',
    );
  });

  test('Sign in goes to the hosted login page', async ({ page }) => {
    await page.goto(`${app.url}/signin?returnTo=/docs/guides`);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/idp\//);
  });

  test('reveal-on-scroll shows content below the fold as it scrolls in', async ({ page }) => {
    await page.goto(`${app.url}/`);
    const closing = page.getByRole('heading', { name: 'See Brezza on your own floor' });
    const reveal = page.locator('[data-revealed]', { has: closing });
    await expect(reveal).toHaveAttribute('data-revealed', 'false');
    await closing.scrollIntoViewIfNeeded();
    await expect(reveal).toHaveAttribute('data-revealed', 'true');
    await expect(reveal).toHaveCSS('transition-duration', '0.7s');
  });

  test('reveal-on-scroll is off on phones and with reduced motion', async ({ browser }) => {
    for (const options of [
      { viewport: PHONE },
      { viewport: DESKTOP, reducedMotion: 'reduce' as const },
    ]) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await page.goto(`${app.url}/`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[data-revealed="false"]')).toHaveCount(0);
      await context.close();
    }
  });

  test('no announcement banner shows when none is configured', async ({ page }) => {
    await page.goto(`${app.url}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Announcement' })).toHaveCount(0);
  });
});

test.describe('with an announcement configured', () => {
  const app = launchServer({
    BANNER_TEXT: 'Brezza 2.0 is here: live pCDU telemetry',
    BANNER_URL: 'https://example.com/brezza-2',
  });

  for (const [name, viewport] of VIEWPORTS) {
    test(`the banner shows above the header, and stays dismissed (${name})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(`${app.url}/`);
      const banner = page.getByRole('complementary', { name: 'Announcement' });
      const link = banner.getByRole('link', { name: /Brezza 2.0 is here: live pCDU telemetry/ });
      await expect(link).toHaveAttribute('href', 'https://example.com/brezza-2');
      await expect(link).toHaveAttribute('target', '_blank');
      const bannerBox = await banner.boundingBox();
      const headerBox = await page.getByRole('banner').boundingBox();
      expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(headerBox!.y + 1);

      // Enabled once the app's script has hydrated the page (a click before would be lost).
      await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
      await expect(banner).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('complementary', { name: 'Announcement' })).toHaveCount(0);
      await page.goto(`${app.url}/features`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('complementary', { name: 'Announcement' })).toHaveCount(0);
    });
  }
});
