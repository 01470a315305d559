import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import {
  AGENT_REGISTER_PATH,
  AGENT_SAMPLES_PATH,
  APP_TOKEN_PREFIX,
  APP_TOKEN_TTL_HOURS,
  DEFAULT_SAMPLE_INTERVAL_SECONDS,
} from '@brezza/contract';
import { generateSecret, hashSecret } from '../../lib/secrets.js';
import { backfill, type DemoDevice } from './backfill.js';
import { createDemoRepository } from './repository.js';
import { demoSample, demoServer } from './telemetry-model.js';

/** What the demo agents report as their version. */
export const DEMO_AGENT_VERSION = '0.1.0-demo';
/** A returned unit sits unplugged in the demo, so that the pages have an offline server. */
export const SILENT_DEMO_SERVERS = new Set(['returned-unit-07']);

const DAY_MS = 86_400_000;
/**
 * The history a new demo shows: 7 days every 5 minutes (the 24-hour and 7-day charts' steps or
 * finer), and every minute for the last 6 hours (the 6-hour chart's step).
 */
export const DEMO_HISTORY = {
  spanMs: 7 * DAY_MS,
  coarseStepMs: 5 * 60_000,
  fineStepMs: 60_000,
  fineSpanMs: 6 * 3_600_000,
};

interface DemoAgent {
  device: DemoDevice;
  token: string;
  machineId: string;
  address: string;
}

/**
 * The demo organisation's servers as live agents (development only, `DEMO_TELEMETRY`). Each
 * gets an app token, registers and pushes a simulated sample every 15 s through the agent
 * endpoints, like a real `brezza-agent`, so the same ingest, store and live stream carry them.
 * On first start (the store has nothing of the demo organisation) 7 days of history are written
 * through the store's write interface, in the background.
 */
export async function demoTelemetryPlugin(app: FastifyInstance): Promise<void> {
  if (!app.config.demoTelemetry) return;
  const repository = createDemoRepository(app.database.db);
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const closing = new AbortController();
  /** Backfill and registration in progress; closing waits for them. */
  let running: Promise<void> = Promise.resolve();

  async function devices(): Promise<{ organisationId: number; servers: DemoAgent[] } | null> {
    const organisationId = await repository.demoOrganisationId();
    if (organisationId === undefined) return null;
    const rows = await repository.servers(organisationId);
    return {
      organisationId,
      servers: rows
        .filter((row) => !SILENT_DEMO_SERVERS.has(row.server_name))
        .map((row) => ({
          device: { organisationId, deviceId: row.id, server: demoServer(row.server_name) },
          token: '',
          machineId: row.machine_id,
          // The agent's pushes come "from" the server's own address, so that it stays.
          address: row.public_ipv4 || '192.0.2.1',
        })),
    };
  }

  async function register(organisationId: number, agents: DemoAgent[]) {
    const tokens = app.onboarding.appTokens(app.database.db);
    await repository.dropDemoAgentTokens(
      organisationId,
      agents.map((agent) => agent.machineId),
    );
    const rows = await repository.servers(organisationId);
    for (const agent of agents) {
      const row = rows.find((one) => one.id === agent.device.deviceId)!;
      const token = generateSecret(APP_TOKEN_PREFIX);
      const now = Date.now();
      await tokens.insert({
        organisationId,
        createdBy: null,
        tokenHash: hashSecret(token),
        createdAt: new Date(now).toISOString(),
        expiresAt: new Date(now + APP_TOKEN_TTL_HOURS * 3_600_000).toISOString(),
      });
      const response = await app.inject({
        method: 'POST',
        url: AGENT_REGISTER_PATH,
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: agent.address,
        payload: {
          serverName: row.server_name,
          machineId: row.machine_id,
          hostName: row.host_name ?? row.server_name,
          addresses: [],
          agentVersion: DEMO_AGENT_VERSION,
        },
      });
      if (response.statusCode !== 200) {
        throw new Error(`demo agent ${row.server_name} could not register: ${response.body}`);
      }
      agent.token = token;
    }
  }

  async function push(agent: DemoAgent) {
    const response = await app.inject({
      method: 'POST',
      url: AGENT_SAMPLES_PATH,
      headers: { authorization: `Bearer ${agent.token}` },
      remoteAddress: agent.address,
      payload: {
        machineId: agent.machineId,
        agentVersion: DEMO_AGENT_VERSION,
        samples: [demoSample(agent.device.server, Date.now())],
      },
    });
    if (response.statusCode !== 200 && !stopped) {
      app.log.warn({ status: response.statusCode, body: response.body }, 'demo agent push failed');
    }
  }

  /** Each agent on its own 15 s beat, spread over the interval like independent machines. */
  function stream(agents: DemoAgent[]) {
    const intervalMs = DEFAULT_SAMPLE_INTERVAL_SECONDS * 1000;
    agents.forEach((agent, i) => {
      const start = setTimeout(
        () => {
          timers.delete(start);
          if (stopped) return;
          void push(agent);
          const beat = setInterval(() => void push(agent), intervalMs);
          beat.unref();
          timers.add(beat);
        },
        Math.round((i / agents.length) * intervalMs),
      );
      start.unref();
      timers.add(start);
    });
  }

  /** 7 days of history when the store has nothing of the demo organisation yet. */
  async function backfillHistory(agents: DemoAgent[]) {
    const started = performance.now();
    const { written, accepted } = await backfill(
      app.metricsStore,
      agents.map((agent) => agent.device),
      { ...DEMO_HISTORY, untilMs: Date.now() },
      closing.signal,
    );
    if (closing.signal.aborted) return;
    const seconds = (performance.now() - started) / 1000;
    app.log.info(
      { written, accepted, seconds: Number(seconds.toFixed(1)) },
      `demo telemetry: 7 days of history for ${agents.length} demo servers written`,
    );
    // The week is there to learn from: the demo shows what is unusual now without waiting for
    // the hourly training.
    app.anomalies.jobs.historyWritten(agents[0]!.device.organisationId);
  }

  // After start-up, so that the server answers at once. The agents push from the start and the
  // charts fill in as history is written, server by server, behind them.
  app.addHook('onReady', async () => {
    const found = await devices();
    if (!found || found.servers.length === 0) return;
    const { organisationId, servers } = found;
    app.startupNotes.push(
      `Demo telemetry: ${servers.length} demo servers send a simulated sample every ` +
        `${DEFAULT_SAMPLE_INTERVAL_SECONDS} s (DEMO_TELEMETRY=off to stop them).`,
    );
    setImmediate(() => {
      if (stopped) return;
      running = app.metricsStore
        .names(organisationId)
        .then(async (names) => {
          await register(organisationId, servers);
          if (stopped) return;
          stream(servers);
          // Only on the first start: the store has nothing of the demo organisation yet.
          if (names.length === 0) await backfillHistory(servers);
        })
        .catch((error: unknown) => {
          if (!stopped) app.log.error({ err: error }, 'demo agents could not start');
        });
    });
  });

  // Before the store and the database close (hooks run in reverse order of registration).
  app.addHook('onClose', async () => {
    stopped = true;
    closing.abort();
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    await running;
  });
}
