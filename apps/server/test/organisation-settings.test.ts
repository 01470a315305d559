import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GRAFANA_NOT_CONFIGURED,
  LINK_GRAFANA_PATH,
  ORG_SETTINGS_PATH,
  orgSettingsSchema,
} from '@brezza/contract';
import { ConfigError, loadConfig } from '../src/config.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator } from './helpers/auth.js';

describe('organisation settings', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const setUrls = (organisationId: number, grafanaUrl: string | null, tauUrl: string | null) =>
    t.app.database.db
      .updateTable('organisations')
      .set({ grafana_url: grafanaUrl, tau_url: tauUrl })
      .where('id', '=', organisationId)
      .execute();

  const getSettings = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: ORG_SETTINGS_PATH,
      headers: { ...headers, accept: 'application/json', 'content-type': 'application/json' },
    });

  it('answers nulls for an organisation without URLs', async () => {
    const operator = await createOperator(t);
    const res = await getSettings(operator.headers);
    expect(res.statusCode).toBe(200);
    expect(orgSettingsSchema.parse(res.json())).toEqual({ grafana_url: null, tau_url: null });
  });

  it("answers each caller's own organisation's URLs, never another's", async () => {
    const a = await createOperator(t, { organisationName: 'Alpha Cooling' });
    const b = await createOperator(t, { organisationName: 'Beta Power' });
    const colleague = await createOperator(t, { organisationId: a.organisationId });
    await setUrls(a.organisationId, 'https://grafana.alpha.test/d/1', 'https://tau.alpha.test');
    await setUrls(b.organisationId, 'https://grafana.beta.test/d/2', null);

    expect((await getSettings(a.headers)).json()).toEqual({
      grafana_url: 'https://grafana.alpha.test/d/1',
      tau_url: 'https://tau.alpha.test',
    });
    expect((await getSettings(colleague.headers)).json()).toEqual({
      grafana_url: 'https://grafana.alpha.test/d/1',
      tau_url: 'https://tau.alpha.test',
    });
    expect((await getSettings(b.headers)).json()).toEqual({
      grafana_url: 'https://grafana.beta.test/d/2',
      tau_url: null,
    });
  });

  it('needs a signed-in operator', async () => {
    const settings = await t.app.inject({ method: 'GET', url: ORG_SETTINGS_PATH });
    expect(settings.statusCode).toBe(401);
    expect(settings.json()).toEqual({ error: expect.any(String) });
    const link = await t.app.inject({ method: 'POST', url: LINK_GRAFANA_PATH });
    expect(link.statusCode).toBe(401);
  });

  it('says so, with 200, when link-grafana has no Grafana to link to', async () => {
    const operator = await createOperator(t);
    const res = await t.app.inject({
      method: 'POST',
      url: LINK_GRAFANA_PATH,
      headers: operator.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ linked: false, reason: GRAFANA_NOT_CONFIGURED });
  });
});

describe('Grafana configuration', () => {
  const failure = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('configuration was accepted');
  };

  it('takes GRAFANA_URL and GRAFANA_TOKEN together', () => {
    const config = loadConfig({ GRAFANA_URL: 'https://grafana.test', GRAFANA_TOKEN: 'glsa_x' });
    expect(config.env.GRAFANA_URL).toBe('https://grafana.test');
    expect(config.env.GRAFANA_TOKEN).toBe('glsa_x');
  });

  it('names the missing half when only one is set', () => {
    expect(failure({ GRAFANA_URL: 'https://grafana.test' })).toMatch(/GRAFANA_TOKEN: must be set/);
    expect(failure({ GRAFANA_TOKEN: 'glsa_x' })).toMatch(/GRAFANA_URL: must be set/);
  });

  it('rejects a GRAFANA_URL that is not an absolute URL', () => {
    expect(failure({ GRAFANA_URL: 'grafana', GRAFANA_TOKEN: 'glsa_x' })).toMatch(
      /GRAFANA_URL: must be an absolute URL/,
    );
  });
});
