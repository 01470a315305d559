import { setTimeout as delay } from 'node:timers/promises';
import { MAX_SAMPLES_PER_PUSH, type AgentSample } from '@brezza/contract';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff.js';
import type { AgentConfig } from './config-file.js';
import { AgentError, EXIT } from './errors.js';
import { SampleBuffer } from './sample-buffer.js';
import { ApiRejected, ApiUnavailable, type ApiClient } from './transport.js';
import { AGENT_VERSION } from './version.js';

/** An hour of samples at the default interval: memory stays small through a long outage. */
export const DEFAULT_BUFFER_CAPACITY = 240;

export interface ServiceDeps {
  config: AgentConfig;
  intervalMs: number;
  client: Pick<ApiClient, 'register' | 'pushSamples'>;
  sampler: { collect(): AgentSample };
  machineId: string;
  hostName: string;
  addresses: string[];
  /** Aborted on SIGTERM: the loop ends and runService resolves. */
  signal: AbortSignal;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  log?: (line: string) => void;
  bufferCapacity?: number;
  backoff?: BackoffOptions;
  random?: () => number;
}

const sleepUnlessAborted = async (ms: number, signal: AbortSignal) => {
  await delay(ms, undefined, { signal }).catch(() => undefined);
};

/**
 * The service: registers with the config's name (so a name edited in the config renames the
 * server after a restart), then samples every interval and pushes the buffer. While the server
 * is unreachable it keeps sampling into a bounded buffer and retries with backoff; a token the
 * server refuses (revoked, bound elsewhere) ends the service with TOKEN_REJECTED.
 */
export async function runService(deps: ServiceDeps): Promise<void> {
  const {
    config,
    intervalMs,
    client,
    sampler,
    signal,
    now = Date.now,
    sleep = sleepUnlessAborted,
    log = (line: string) => console.log(line),
    backoff = DEFAULT_BACKOFF,
    random = Math.random,
  } = deps;
  const buffer = new SampleBuffer<AgentSample>(deps.bufferCapacity ?? DEFAULT_BUFFER_CAPACITY);
  let registered = false;
  let failures = 0;
  let nextAttempt = now();
  let nextSample = now();
  let droppedReported = 0;

  const refused = (error: ApiRejected) =>
    error.status === 401 || error.status === 409
      ? new AgentError(
          `The server refused this agent's app token: ${error.message}`,
          EXIT.TOKEN_REJECTED,
        )
      : undefined;

  function retryLater(error: ApiUnavailable) {
    failures += 1;
    const wait = backoffDelay(failures, backoff, random);
    nextAttempt = now() + wait;
    if (failures === 1 || failures % 10 === 0) {
      log(
        `${error.message}; retrying in ${Math.round(wait / 1000)} s (${buffer.size} samples buffered)`,
      );
    }
  }

  async function attempt(): Promise<void> {
    if (!registered) {
      const answer = await client.register(
        {
          serverName: config.serverName,
          machineId: deps.machineId,
          hostName: deps.hostName.slice(0, 255),
          addresses: deps.addresses,
          agentVersion: AGENT_VERSION,
        },
        signal,
      );
      registered = true;
      log(
        `Registered as "${answer.serverName}" (server ${answer.serverId}) with ${config.apiUrl}; a sample every ${intervalMs / 1000} s.`,
      );
      return;
    }
    const batch = buffer.peek(MAX_SAMPLES_PER_PUSH);
    let accepted: number;
    try {
      ({ accepted } = await client.pushSamples(
        { machineId: deps.machineId, agentVersion: AGENT_VERSION, samples: batch },
        signal,
      ));
    } catch (error) {
      // A batch the server will never take (invalid, too large) is dropped, not retried forever.
      if (error instanceof ApiRejected && !refused(error)) {
        log(
          `The server refused ${batch.length} sample(s) (${error.status}: ${error.message}); dropped.`,
        );
        buffer.remove(batch.length);
        return;
      }
      throw error;
    }
    buffer.remove(batch.length);
    // The server answers how many it stored: the rest were older than it keeps (48 h by default).
    if (accepted < batch.length) {
      log(
        `The server stored ${accepted} of ${batch.length} sample(s); the others are older than it keeps.`,
      );
    }
  }

  while (!signal.aborted) {
    if (now() >= nextSample) {
      buffer.push(sampler.collect());
      // On time, or — after a stall longer than an interval — from now, without a burst.
      nextSample = Math.max(nextSample + intervalMs, now());
      if (buffer.dropped > droppedReported) {
        log(`Buffer full: dropped ${buffer.dropped - droppedReported} oldest sample(s).`);
        droppedReported = buffer.dropped;
      }
    }
    const work = !registered || buffer.size > 0;
    if (work && now() >= nextAttempt) {
      try {
        await attempt();
        if (failures > 0) log(`Reached ${config.apiUrl} again.`);
        failures = 0;
        nextAttempt = now();
      } catch (error) {
        if (signal.aborted) break;
        if (error instanceof ApiUnavailable) retryLater(error);
        else if (error instanceof ApiRejected) {
          throw (
            refused(error) ??
            new AgentError(
              `The server refused the registration (${error.status}): ${error.message}. Check serverName and apiUrl in the config.`,
              EXIT.CONFIG,
            )
          );
        } else throw error;
      }
      continue;
    }
    const wakeAt = work ? Math.min(nextSample, nextAttempt) : nextSample;
    await sleep(Math.max(0, wakeAt - now()), signal);
  }
}
