import { describe, expect, it } from 'vitest';
import type { AgentSample, AgentSamplesBody } from '@brezza/contract';
import type { AgentConfig } from './config-file.js';
import { AgentError, EXIT } from './errors.js';
import { runService } from './service.js';
import { ApiRejected, ApiUnavailable } from './transport.js';

const config: AgentConfig = {
  appToken: 'brz_token',
  serverName: 'renamed-in-config',
  apiUrl: 'https://brezza.example.com',
};

type Outcome = 'ok' | 'down' | 'bad' | 'revoked';

/**
 * The service on a simulated clock: sleeping advances time, and the run stops (as on SIGTERM)
 * once `stopAfterMs` of simulated time have passed. `outcome(time)` decides each call's fate.
 */
async function simulate({
  stopAfterMs,
  outcome = () => 'ok',
  intervalMs = 15_000,
  bufferCapacity = 240,
  accept = (samples) => samples.length,
}: {
  stopAfterMs: number;
  outcome?: (time: number, kind: 'register' | 'push') => Outcome;
  intervalMs?: number;
  bufferCapacity?: number;
  /** How many of a push the server says it stored. */
  accept?: (samples: AgentSample[]) => number;
}) {
  let time = 0;
  let sampleNumber = 0;
  const controller = new AbortController();
  const registrations: { time: number; serverName: string }[] = [];
  const pushes: { time: number; samples: number[] }[] = [];
  const attempts: number[] = [];
  const lines: string[] = [];
  const fail = (result: Outcome) => {
    if (result === 'down')
      throw new ApiUnavailable('cannot reach https://brezza.example.com: ECONNREFUSED');
    if (result === 'bad') throw new ApiRejected(400, 'samples: invalid');
    if (result === 'revoked')
      throw new ApiRejected(401, 'The app token is not valid or has been revoked.');
  };
  const run = runService({
    config,
    intervalMs,
    bufferCapacity,
    machineId: '0123456789abcdef0123456789abcdef',
    hostName: 'node-7',
    addresses: [],
    signal: controller.signal,
    now: () => time,
    random: () => 0.5,
    log: (line) => lines.push(line),
    sleep: async (ms) => {
      time += ms;
      if (time >= stopAfterMs) controller.abort();
    },
    sampler: {
      collect: () => ({
        collectedAt: new Date(time).toISOString(),
        uptimeSeconds: (sampleNumber += 1),
      }),
    },
    client: {
      async register(body) {
        attempts.push(time);
        fail(outcome(time, 'register'));
        registrations.push({ time, serverName: body.serverName });
        return { serverId: 42, serverName: body.serverName };
      },
      async pushSamples(body: AgentSamplesBody) {
        attempts.push(time);
        fail(outcome(time, 'push'));
        pushes.push({ time, samples: body.samples.map((s: AgentSample) => s.uptimeSeconds!) });
        return { accepted: accept(body.samples) };
      },
    },
  });
  const error = await run.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  return { error, registrations, pushes, attempts, lines, sampled: sampleNumber };
}

describe('runService', () => {
  it('registers with the config name, then pushes one sample per interval', async () => {
    const { error, registrations, pushes } = await simulate({ stopAfterMs: 60_000 });
    expect(error).toBeUndefined();
    expect(registrations).toEqual([{ time: 0, serverName: 'renamed-in-config' }]);
    expect(pushes).toEqual([
      { time: 0, samples: [1] },
      { time: 15_000, samples: [2] },
      { time: 30_000, samples: [3] },
      { time: 45_000, samples: [4] },
    ]);
  });

  it('buffers while the server is down, retries with growing waits, then sends the newest it kept', async () => {
    const down = (time: number) => time > 0 && time < 10 * 60_000;
    const { pushes, attempts, sampled } = await simulate({
      stopAfterMs: 12 * 60_000,
      bufferCapacity: 30,
      outcome: (time) => (down(time) ? 'down' : 'ok'),
    });
    const failedAttempts = attempts.filter(down);
    const gaps = failedAttempts.slice(1).map((time, i) => time - failedAttempts[i]!);
    // Growing waits (never more often than the backoff allows), capped by the maximum.
    expect(gaps.slice(0, 4)).toEqual([750, 1_500, 3_000, 6_000]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(5 * 60_000);

    const recovered = pushes.filter((push) => push.time >= 10 * 60_000);
    const delivered = recovered.flatMap((push) => push.samples);
    // At most 20 per push; the 30 newest samples kept; nothing sent twice; nothing lost after.
    expect(Math.max(...recovered.map((push) => push.samples.length))).toBeLessThanOrEqual(20);
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(delivered).toEqual(
      Array.from({ length: delivered.length }, (_, i) => sampled - delivered.length + 1 + i),
    );
    expect(delivered.length).toBeGreaterThanOrEqual(30);
  });

  it('after an outage sends every buffered sample once, oldest first, in full pushes', async () => {
    const down = (time: number) => time > 0 && time < 30 * 60_000;
    const { pushes, sampled } = await simulate({
      stopAfterMs: 40 * 60_000,
      outcome: (time) => (down(time) ? 'down' : 'ok'),
    });
    const delivered = pushes.flatMap((push) => push.samples);
    // Nothing lost: every sample taken (the buffer holds an hour) arrives, in order.
    expect(delivered).toEqual(Array.from({ length: sampled }, (_, i) => i + 1));
    const replay = pushes.filter((push) => push.time >= 30 * 60_000);
    expect(replay[0]!.samples).toHaveLength(20);
  });

  it('says so when the server stored fewer samples than it was sent', async () => {
    const { lines } = await simulate({ stopAfterMs: 15_000, accept: () => 0 });
    expect(lines).toContain(
      'The server stored 0 of 1 sample(s); the others are older than it keeps.',
    );
  });

  it('keeps retrying the registration, sampling meanwhile', async () => {
    const { registrations, pushes } = await simulate({
      stopAfterMs: 120_000,
      outcome: (time, kind) => (kind === 'register' && time < 40_000 ? 'down' : 'ok'),
    });
    expect(registrations).toHaveLength(1);
    const registeredAt = registrations[0]!.time;
    expect(registeredAt).toBeGreaterThanOrEqual(40_000);
    // Every sample taken while unregistered goes out in the first push.
    const taken = Math.floor(registeredAt / 15_000) + 1;
    expect(pushes[0]!.samples).toEqual(Array.from({ length: taken }, (_, i) => i + 1));
  });

  it('drops a batch the server refuses as invalid and carries on', async () => {
    const { pushes, lines, error } = await simulate({
      stopAfterMs: 45_000,
      outcome: (time, kind) => (kind === 'push' && time === 15_000 ? 'bad' : 'ok'),
    });
    expect(error).toBeUndefined();
    expect(pushes.map((push) => push.samples)).toEqual([[1], [3]]);
    expect(lines.some((line) => line.includes('dropped'))).toBe(true);
  });

  it('ends with TOKEN_REJECTED once the token is revoked', async () => {
    const { error, pushes } = await simulate({
      stopAfterMs: 10 * 60_000,
      outcome: (time, kind) => (kind === 'push' && time >= 30_000 ? 'revoked' : 'ok'),
    });
    expect(error).toBeInstanceOf(AgentError);
    expect((error as AgentError).exitCode).toBe(EXIT.TOKEN_REJECTED);
    expect(pushes).toHaveLength(2);
  });

  it('stops at once when told to, even in the middle of a wait', async () => {
    const { error, pushes } = await simulate({ stopAfterMs: 1 });
    expect(error).toBeUndefined();
    expect(pushes).toHaveLength(1);
  });
});
