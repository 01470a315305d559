import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('runs on embedded defaults with no environment at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database.kind).toBe('sqlite');
    expect(config.identity.mode).toBe('embedded');
    expect(config.env.PRODUCT_NAME).toBe('Brezza');
  });

  it('links Observability to the in-app pages unless OBSERVABILITY_URL names another', () => {
    expect(loadConfig({}).env.OBSERVABILITY_URL).toBe('/observability');
    expect(
      loadConfig({ OBSERVABILITY_URL: 'https://grafana.acme.test' }).env.OBSERVABILITY_URL,
    ).toBe('https://grafana.acme.test');
    expect(() => loadConfig({ OBSERVABILITY_URL: 'grafana' })).toThrow(
      /OBSERVABILITY_URL: must be an absolute URL or a path starting with \//,
    );
    expect(() => loadConfig({ OBSERVABILITY_URL: '//evil.test' })).toThrow(ConfigError);
  });

  it('runs the demo agents in development only, unless DEMO_TELEMETRY says otherwise', () => {
    expect(loadConfig({}).demoTelemetry).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).demoTelemetry).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', DEMO_TELEMETRY: 'on' }).demoTelemetry).toBe(true);
    expect(loadConfig({ DEMO_TELEMETRY: 'off' }).demoTelemetry).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', ALLOW_LOCAL_CHECKOUT: 'true', DEMO_TELEMETRY: 'on' })
        .demoTelemetry,
    ).toBe(false);
  });

  it('selects PostgreSQL with DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://127.0.0.1:5432/test' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://127.0.0.1:5432/test' });
  });

  it('selects Auth0 when the tenant is configured', () => {
    const config = loadConfig({
      AUTH_DOMAIN: 'brezza.eu.auth0.com',
      AUTH_CLIENT_ID: 'abc',
      AUTH_AUDIENCE: 'https://api.brezza.ai',
    });
    expect(config.identity).toMatchObject({
      mode: 'auth0',
      issuer: 'https://brezza.eu.auth0.com/',
      origin: 'https://brezza.eu.auth0.com',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ AUTH_DOMAIN: 'tenant.auth0.com' }, 'AUTH_CLIENT_ID'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('stops start-up naming the bad variable (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
