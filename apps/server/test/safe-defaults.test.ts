import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { ALL_INTERFACES, LOOPBACK_HOST, listenHost } from '../src/listen.js';
import { buildTestApp, type TestApp } from './helpers/app.js';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PRICE_ARGENT: 'price_a',
  STRIPE_PRICE_ORO: 'price_o',
  STRIPE_PRICE_PLATINO: 'price_p',
};

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('configuration was accepted');
}

describe('TRUST_PROXY', () => {
  it('refuses true, naming the variable and what to give instead', () => {
    const message = configError({ TRUST_PROXY: 'true' });
    expect(message).toContain('TRUST_PROXY');
    expect(message).toContain('number of proxies');
    expect(message).toContain('CIDR');
  });

  it('accepts a hop count and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).env.TRUST_PROXY).toBeTypeOf('function');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).env.TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      'loopback',
    ]);
  });
});

describe('production without Stripe', () => {
  it('refuses to start on the local test checkout unless explicitly allowed', () => {
    const message = configError({ NODE_ENV: 'production' });
    expect(message).toContain('NODE_ENV');
    expect(message).toContain('ALLOW_LOCAL_CHECKOUT=true');
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_LOCAL_CHECKOUT: 'true' }).billing.mode).toBe(
      'local',
    );
    expect(loadConfig({ NODE_ENV: 'production', ...STRIPE }).billing.mode).toBe('stripe');
  });
});

describe('the address the server listens on', () => {
  it('is loopback while the local test checkout is active, and says so', () => {
    const { host, note } = listenHost(loadConfig({}), false);
    expect(host).toBe(LOOPBACK_HOST);
    expect(note).toContain('the local test checkout');
    expect(note).toContain('set HOST');
  });

  it('is loopback while the demo organisation is active, even with Stripe', () => {
    const { host, note } = listenHost(loadConfig(STRIPE), true);
    expect(host).toBe(LOOPBACK_HOST);
    expect(note).toContain('the demo organisation');
  });

  it('is every interface with Stripe and no demo, and always HOST when set', () => {
    expect(listenHost(loadConfig(STRIPE), false)).toEqual({
      host: ALL_INTERFACES,
      note: undefined,
    });
    expect(listenHost(loadConfig({ HOST: '0.0.0.0' }), true)).toEqual({
      host: '0.0.0.0',
      note: undefined,
    });
  });
});

describe('a fresh start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(STRIPE);
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds the demo organisation and therefore listens on loopback only', () => {
    expect(t.app.demo.active).toBe(true);
    expect(listenHost(t.config, t.app.demo.active).host).toBe(LOOPBACK_HOST);
  });
});

describe('npm start', () => {
  it('builds the web app in production mode whatever NODE_ENV says', () => {
    const root = JSON.parse(
      fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    ) as { scripts: Record<string, string> };
    const web = JSON.parse(
      fs.readFileSync(new URL('../../web/package.json', import.meta.url), 'utf8'),
    ) as { scripts: Record<string, string> };
    expect(root.scripts.start).toMatch(/^npm run build && /);
    expect(web.scripts.build).toBe('NODE_ENV=production vite build');
  });
});
