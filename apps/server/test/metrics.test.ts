import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_REGISTER_PATH,
  AGENT_SAMPLES_PATH,
  DATACENTERS_PATH,
  RACKS_PATH,
  REFRESH_METRICS_PATH,
  ROOMS_PATH,
  TOKENS_PATH,
  organisationMetricsPath,
  serverMetricsPath,
  serverPath,
  serviceDiscoveryPath,
} from '@brezza/contract';
import { createMetricsService } from '../src/modules/metrics/service.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';
import { buildRegistration, buildSample } from './helpers/agent.js';

/** Prometheus exposition, HTTP service discovery and refresh_prometheus, per organisation. */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Org {
  operator: Operator;
  scrapeToken: string;
}

let addressSequence = 0;

async function newOrganisation(name: string): Promise<Org> {
  const operator = await createOperator(t, { organisationName: name });
  const service = createMetricsService({ db: t.app.database.db });
  const { token } = await service.createScrapeToken(operator.organisationId, 'test');
  return { operator, scrapeToken: token };
}

/** A server registered by the agent with one sample pushed. */
async function onboard(org: Org, serverName: string) {
  const created = await t.app.inject({
    method: 'POST',
    url: TOKENS_PATH,
    headers: org.operator.headers,
  });
  const token = created.json<{ token: string }>().token;
  const body = buildRegistration({ serverName });
  const remoteAddress = `198.51.100.${(addressSequence += 1)}`;
  const registered = await t.app.inject({
    method: 'POST',
    url: AGENT_REGISTER_PATH,
    headers: { authorization: `Bearer ${token}` },
    payload: body,
    remoteAddress,
  });
  expect(registered.statusCode).toBe(200);
  const pushed = await t.app.inject({
    method: 'POST',
    url: AGENT_SAMPLES_PATH,
    headers: { authorization: `Bearer ${token}` },
    payload: { machineId: body.machineId, agentVersion: '0.1.0', samples: [buildSample()] },
    remoteAddress,
  });
  expect(pushed.statusCode).toBe(200);
  return { serverId: registered.json<{ serverId: number }>().serverId, machineId: body.machineId };
}

const scrape = (org: Org, url: string, token = org.scrapeToken) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

async function api(org: Org, method: 'POST' | 'PUT', url: string, payload?: object) {
  const response = await t.app.inject({ method, url, headers: org.operator.headers, payload });
  expect(response.statusCode).toBeLessThan(300);
  return response.json();
}

/** The label sets of one metric in an exposition, as objects. */
function seriesOf(text: string, metric: string): Record<string, string>[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${metric}{`))
    .map((line) => {
      const labels: Record<string, string> = {};
      const body = line.slice(metric.length + 1, line.lastIndexOf('}'));
      for (const match of body.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
        labels[match[1]!] = match[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      }
      return labels;
    });
}

describe('exposition', () => {
  let acme: Org;
  let server: { serverId: number; machineId: string };

  beforeAll(async () => {
    acme = await newOrganisation('Acme "North" \\ Cooling');
    server = await onboard(acme, 'web-1');
  });

  it('needs the organisation’s own live scrape token', async () => {
    const url = organisationMetricsPath(acme.operator.organisationId);
    const none = await t.app.inject({ method: 'GET', url });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
    expect((await scrape(acme, url, 'brzs_not-a-token')).statusCode).toBe(401);
    const other = await newOrganisation('Other');
    expect((await scrape(other, url)).statusCode).toBe(401);
    expect((await scrape(acme, organisationMetricsPath(999_999))).statusCode).toBe(401);
  });

  it('writes every sample family with the hierarchy labels, escaped', async () => {
    const response = await scrape(acme, organisationMetricsPath(acme.operator.organisationId));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    expect(text).toContain('organisation="Acme \\"North\\" \\\\ Cooling"');
    for (const metric of [
      'brezza_cpu_usage_ratio',
      'brezza_memory_available_bytes',
      'brezza_load1',
      'brezza_filesystem_avail_bytes',
      'brezza_disk_read_bytes_total',
      'brezza_network_receive_bytes_total',
      'brezza_temperature_celsius',
      'brezza_power_watts',
      'brezza_energy_joules_total',
    ]) {
      expect(text).toContain(`# TYPE ${metric} `);
      expect(seriesOf(text, metric)[0]).toMatchObject({
        organisation: 'Acme "North" \\ Cooling',
        datacenter: 'Unassigned',
        room: 'Unassigned',
        rack: 'Unassigned',
        server: 'web-1',
        machine_id: server.machineId,
      });
    }
  });

  it('relabels after hierarchy changes only when refresh_prometheus runs, and says what it did', async () => {
    const dc = await api(acme, 'POST', DATACENTERS_PATH, { name: 'Milan-1', location: 'Milan' });
    const room = await api(acme, 'POST', ROOMS_PATH, { name: 'Hall "A"', datacenterId: dc.id });
    const rack = await api(acme, 'POST', RACKS_PATH, { name: 'R-07', roomId: room.id });
    await api(acme, 'PUT', serverPath(server.serverId), { rackId: rack.id });

    const url = organisationMetricsPath(acme.operator.organisationId);
    expect(seriesOf((await scrape(acme, url)).body, 'brezza_load1')[0]?.rack).toBe('Unassigned');

    const refreshed = await t.app.inject({
      method: 'POST',
      url: REFRESH_METRICS_PATH,
      headers: acme.operator.headers,
    });
    expect(refreshed.statusCode).toBe(200);
    const answer = refreshed.json<{ refreshed: { servers: number }; at: string }>();
    expect(answer.refreshed).toEqual({ servers: 1 });
    expect(Number.isNaN(Date.parse(answer.at))).toBe(false);

    expect(seriesOf((await scrape(acme, url)).body, 'brezza_load1')[0]).toMatchObject({
      datacenter: 'Milan-1',
      room: 'Hall "A"',
      rack: 'R-07',
    });
  });

  it('needs sign-in for refresh_prometheus', async () => {
    const response = await t.app.inject({ method: 'POST', url: REFRESH_METRICS_PATH });
    expect(response.statusCode).toBe(401);
  });

  it('leaves out stale samples but still lists the server', async () => {
    const stale = await onboard(acme, 'quiet-1');
    await t.app.database.db
      .updateTable('latest_samples')
      .set({ received_at: new Date(Date.now() - 3_600_000).toISOString() })
      .where('server_id', '=', stale.serverId)
      .execute();
    const text = (
      await scrape(acme, serverMetricsPath(acme.operator.organisationId, stale.serverId))
    ).body;
    expect(seriesOf(text, 'brezza_server_info')).toHaveLength(1);
    expect(seriesOf(text, 'brezza_last_seen_timestamp_seconds')).toHaveLength(1);
    expect(seriesOf(text, 'brezza_load1')).toHaveLength(0);
  });
});

describe('service discovery', () => {
  it('lists each server once, at its own metrics path on this host, with the same labels', async () => {
    const org = await newOrganisation('Discovery Co');
    const a = await onboard(org, 'sd-a');
    const b = await onboard(org, 'sd-b');
    const id = org.operator.organisationId;
    const response = await t.app.inject({
      method: 'GET',
      url: serviceDiscoveryPath(id),
      headers: { authorization: `Bearer ${org.scrapeToken}`, host: 'brezza.example:8443' },
    });
    expect(response.statusCode).toBe(200);
    const groups = response.json<{ targets: string[]; labels: Record<string, string> }[]>();
    expect(groups).toEqual([
      {
        targets: ['brezza.example:8443'],
        labels: {
          __scheme__: 'http',
          __metrics_path__: serverMetricsPath(id, a.serverId),
          organisation: 'Discovery Co',
          datacenter: 'Unassigned',
          room: 'Unassigned',
          rack: 'Unassigned',
          server: 'sd-a',
          machine_id: a.machineId,
        },
      },
      expect.objectContaining({
        labels: expect.objectContaining({ server: 'sd-b', machine_id: b.machineId }),
      }),
    ]);
    const target = await scrape(org, serverMetricsPath(id, b.serverId));
    expect(target.statusCode).toBe(200);
    expect(seriesOf(target.body, 'brezza_load1').map((labels) => labels.server)).toEqual(['sd-b']);
  });
});

describe('organisations are isolated', () => {
  it('never shows or refreshes another organisation’s servers', async () => {
    const north = await newOrganisation('North');
    const south = await newOrganisation('South');
    const northServer = await onboard(north, 'north-1');
    await onboard(south, 'south-1');
    await onboard(south, 'south-2');

    const southText = (await scrape(south, organisationMetricsPath(south.operator.organisationId)))
      .body;
    expect(southText).not.toContain(northServer.machineId);
    expect(southText).not.toContain('north-1');
    const sd = await scrape(south, serviceDiscoveryPath(south.operator.organisationId));
    expect(sd.body).not.toContain(northServer.machineId);
    // North's server through South's path and token: not found.
    const crossed = await scrape(
      south,
      serverMetricsPath(south.operator.organisationId, northServer.serverId),
    );
    expect(crossed.statusCode).toBe(404);

    const refreshed = await t.app.inject({
      method: 'POST',
      url: REFRESH_METRICS_PATH,
      headers: south.operator.headers,
    });
    expect(refreshed.json().refreshed).toEqual({ servers: 2 });
  });

  it('forgets a revoked scrape token', async () => {
    const org = await newOrganisation('Revoking');
    const service = createMetricsService({ db: t.app.database.db });
    const extra = await service.createScrapeToken(org.operator.organisationId, null);
    const url = organisationMetricsPath(org.operator.organisationId);
    expect((await scrape(org, url, extra.token)).statusCode).toBe(200);
    expect(await service.revokeScrapeToken(extra.id)).toBe(true);
    expect((await scrape(org, url, extra.token)).statusCode).toBe(401);
    expect((await scrape(org, url)).statusCode).toBe(200);
  });
});

describe('concurrent label rebuilds', () => {
  it('answers every one of 10 parallel refreshes and registrations of one organisation', async () => {
    const org = await newOrganisation('Parallel');
    const servers = [];
    for (const name of ['p-1', 'p-2', 'p-3']) servers.push(await onboard(org, name));
    const rack = await api(org, 'POST', RACKS_PATH, { name: 'R-1' });
    for (const server of servers)
      await api(org, 'PUT', serverPath(server.serverId), { rackId: rack.id });

    const refresh = () =>
      t.app.inject({ method: 'POST', url: REFRESH_METRICS_PATH, headers: org.operator.headers });
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, refresh),
      ...['p-4', 'p-5', 'p-6'].map(async (name) => {
        await onboard(org, name);
        return refresh();
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));

    const last = await refresh();
    expect(last.json<{ refreshed: { servers: number } }>().refreshed).toEqual({ servers: 6 });
    const series = seriesOf(
      (await scrape(org, organisationMetricsPath(org.operator.organisationId))).body,
      'brezza_load1',
    );
    expect(series.filter((labels) => labels.rack === 'R-1')).toHaveLength(3);
    expect(series).toHaveLength(6);
  });
});
