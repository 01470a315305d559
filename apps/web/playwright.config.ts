import { defineConfig } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS } from './e2e/support/chromium';

/**
 * Browser tests run Debian's Chromium against the real, built server (see e2e/support/server.ts).
 * One worker: the machine has two cores, shared by the server and the browser.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    viewport: { width: 1280, height: 800 },
    trace: 'off',
    launchOptions: {
      executablePath: chromiumPath() ?? undefined,
      args: CHROMIUM_ARGS,
    },
  },
});
