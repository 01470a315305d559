import { setTimeout as delay } from 'node:timers/promises';
import {
  AGENT_EQUIPMENT_JOBS_INTERVAL_SECONDS,
  COMMAND_FAILURE,
  MAX_READINGS_PER_PUSH,
  equipmentProfile,
  type AgentCommandResultBody,
  type EquipmentCommand,
  type EquipmentJob,
  type EquipmentReading,
  type ReadingValue,
} from '@brezza/contract';
import { SampleBuffer } from '../sample-buffer.js';
import { ApiRejected, type ApiClient } from '../transport.js';
import { applyModbusCommand, createModbusConnection } from './modbus-collector.js';
import { pollSnmp } from './snmp-collector.js';

/**
 * The agent's equipment jobs (issue 12): every 2 s it asks the server for this gateway's
 * equipment and pending commands; it polls each device on its own interval (pCDU over Modbus
 * TCP, PDUs over SNMP), pushes the readings, and carries out each command once, reporting
 * applied or failed. A command is never run twice: its id is remembered, and only the report
 * is retried when the server cannot be reached.
 */

export type EquipmentClient = Pick<ApiClient, 'equipmentJobs' | 'pushReadings' | 'commandResult'>;

export interface EquipmentServiceDeps {
  client: EquipmentClient;
  signal: AbortSignal;
  log?: (line: string) => void;
  jobsIntervalMs?: number;
  pushIntervalMs?: number;
  /** While the server has no equipment endpoint (an older server), ask this seldom. */
  unsupportedRetryMs?: number;
  commandTimeoutMs?: number;
  now?: () => number;
}

/** Readings kept through a server outage: about 15 minutes of a pCDU and a few PDUs. */
export const READINGS_BUFFER_CAPACITY = 1000;

const sleep = (ms: number, signal: AbortSignal) =>
  delay(ms, undefined, { signal }).catch(() => undefined);

/** One device's polls until its job changes or the service stops. */
interface Poller {
  key: string;
  stop: AbortController;
  done: Promise<void>;
}

export type PollFunction = (job: EquipmentJob) => Promise<Record<string, ReadingValue>>;

/** Builds a device's poll: a kept Modbus connection for a pCDU, an SNMP session per poll. */
function pollerFor(job: EquipmentJob): { poll: PollFunction; close(): void } {
  const profile = equipmentProfile(job.profile);
  if (!profile) {
    return {
      poll: () => Promise.reject(new Error(`unknown profile ${job.profile}; update the agent`)),
      close: () => undefined,
    };
  }
  if (profile.protocol === 'modbus-tcp') {
    const connection = createModbusConnection({
      host: job.address.host,
      port: job.address.port,
      unitId: job.address.unitId ?? profile.defaultUnitId,
    });
    return { poll: () => connection.poll(profile), close: () => connection.close() };
  }
  return { poll: () => pollSnmp(job.address, profile), close: () => undefined };
}

export async function executeCommand(
  command: EquipmentCommand,
  job: EquipmentJob | undefined,
  timeoutMs?: number,
): Promise<AgentCommandResultBody> {
  if (!job) return { status: 'failed', reason: COMMAND_FAILURE.unknownEquipment };
  const profile = equipmentProfile(job.profile);
  if (!profile || profile.protocol !== 'modbus-tcp') {
    return {
      status: 'failed',
      reason: COMMAND_FAILURE.unsupported(`${job.profile} takes no ${command.kind} commands`),
    };
  }
  return applyModbusCommand(
    {
      host: job.address.host,
      port: job.address.port,
      unitId: job.address.unitId ?? profile.defaultUnitId,
    },
    profile,
    command,
    timeoutMs === undefined ? {} : { timeoutMs },
  );
}

export async function runEquipment(deps: EquipmentServiceDeps): Promise<void> {
  const { client, signal } = deps;
  const log = deps.log ?? ((line: string) => console.log(line));
  const now = deps.now ?? Date.now;
  const jobsIntervalMs = deps.jobsIntervalMs ?? AGENT_EQUIPMENT_JOBS_INTERVAL_SECONDS * 1000;
  const pushIntervalMs = deps.pushIntervalMs ?? 2000;
  const readings = new SampleBuffer<EquipmentReading>(READINGS_BUFFER_CAPACITY);
  const pollers = new Map<number, Poller>();
  let jobs = new Map<number, EquipmentJob>();
  /** Commands started once; their results wait here until the server took them. */
  const started = new Set<number>();
  const unreported = new Map<number, AgentCommandResultBody>();
  let lastJobsError = '';

  function startPoller(job: EquipmentJob): Poller {
    const stop = new AbortController();
    const both = AbortSignal.any([signal, stop.signal]);
    const { poll, close } = pollerFor(job);
    let lastError = '';
    const done = (async () => {
      while (!both.aborted) {
        const startedAt = now();
        try {
          const values = await poll(job);
          readings.push({ equipmentId: job.id, timestampMs: startedAt, values });
          if (lastError) log(`Equipment ${job.id} answers again.`);
          lastError = '';
        } catch (error) {
          const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
          readings.push({
            equipmentId: job.id,
            timestampMs: startedAt,
            values: {},
            error: message,
          });
          if (message !== lastError) log(`Equipment ${job.id}: ${message}`);
          lastError = message;
        }
        await sleep(Math.max(0, startedAt + job.pollIntervalSeconds * 1000 - now()), both);
      }
      close();
    })();
    return { key: JSON.stringify(job), stop, done };
  }

  function reconcile(next: EquipmentJob[]) {
    jobs = new Map(next.map((job) => [job.id, job]));
    for (const [id, poller] of pollers) {
      if (jobs.get(id) && JSON.stringify(jobs.get(id)) === poller.key) continue;
      poller.stop.abort();
      pollers.delete(id);
    }
    for (const job of next) if (!pollers.has(job.id)) pollers.set(job.id, startPoller(job));
  }

  async function report(id: number, result: AgentCommandResultBody) {
    try {
      await client.commandResult(id, result, signal);
      unreported.delete(id);
    } catch (error) {
      // Refused (the command is gone, or already has a result): nothing left to tell.
      if (error instanceof ApiRejected) unreported.delete(id);
      else unreported.set(id, result);
    }
  }

  function run(command: EquipmentCommand) {
    started.add(command.id);
    log(`Command ${command.id}: ${command.kind} for equipment ${command.equipmentId}.`);
    void executeCommand(command, jobs.get(command.equipmentId), deps.commandTimeoutMs).then(
      async (result) => {
        log(`Command ${command.id} ${result.status}${result.reason ? `: ${result.reason}` : ''}.`);
        await report(command.id, result);
      },
    );
  }

  const pushLoop = (async () => {
    while (!signal.aborted) {
      await sleep(pushIntervalMs, signal);
      while (readings.size > 0 && !signal.aborted) {
        const batch = readings.peek(MAX_READINGS_PER_PUSH);
        try {
          await client.pushReadings({ readings: batch }, signal);
          readings.remove(batch.length);
        } catch (error) {
          if (!(error instanceof ApiRejected)) break; // Kept for the next round.
          log(`The server refused ${batch.length} reading(s): ${error.message}; dropped.`);
          readings.remove(batch.length);
        }
      }
    }
  })();

  while (!signal.aborted) {
    let wait = jobsIntervalMs;
    try {
      const answer = await client.equipmentJobs(signal);
      reconcile(answer.equipment);
      for (const command of answer.commands) if (!started.has(command.id)) run(command);
      for (const [id, result] of unreported) await report(id, result);
      lastJobsError = '';
    } catch (error) {
      if (signal.aborted) break;
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof ApiRejected && error.status === 404) {
        wait = deps.unsupportedRetryMs ?? 60_000;
      }
      if (message !== lastJobsError) log(`Equipment jobs: ${message}`);
      lastJobsError = message;
    }
    await sleep(wait, signal);
  }
  for (const poller of pollers.values()) poller.stop.abort();
  await Promise.all([...[...pollers.values()].map((p) => p.done), pushLoop]);
}
