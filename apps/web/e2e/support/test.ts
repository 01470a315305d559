import { test as base, expect, type Page } from '@playwright/test';
import { chromiumPath, INSTALL_HINT } from './chromium';
import { startServer, WITHOUT_LIVING_DEMO, type RunningServer } from './server';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * Every spec imports `test` from here: it skips (with the install hint) when there is no
 * Chromium, and fails the test on any console error or uncaught page error.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use, testInfo) => {
      testInfo.skip(!chromiumPath(), INSTALL_HINT);
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Page };

/**
 * The demo organisation's simulated agents and equipment: a week of history written at start,
 * then live samples. Specs that read the demo's readings ask for them with
 * `launchServer({ ...LIVING_DEMO })`; the others run `WITHOUT_LIVING_DEMO`.
 */
export const LIVING_DEMO = { DEMO_TELEMETRY: 'on', DEMO_EQUIPMENT: 'on' } as const;

/**
 * A fresh server for the spec file that calls this at its top level: started before its first
 * test, stopped after its last. `env` adds configuration (e.g. BANNER_TEXT, LIVING_DEMO).
 */
export function launchServer(env: Record<string, string> = {}): {
  readonly url: string;
  server(): RunningServer;
} {
  let running: RunningServer | null = null;
  test.beforeAll(async () => {
    if (!chromiumPath()) return;
    running = await startServer({ ...WITHOUT_LIVING_DEMO, ...env });
  });
  test.afterAll(async () => {
    await running?.stop();
    running = null;
  });
  return {
    get url() {
      if (!running) throw new Error('server not started');
      return running.url;
    },
    server() {
      if (!running) throw new Error('server not started');
      return running;
    },
  };
}
