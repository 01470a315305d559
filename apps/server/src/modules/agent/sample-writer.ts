import { once } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { HttpError } from '../../errors.js';
import type { Engine, EngineOptions } from '../telemetry/store/embedded/engine.js';
import type { MetricSample } from '../telemetry/store/types.js';
import { createAgentRepository, type SamplePush } from './repository.js';

/** Logged with the 503 a push gets when its samples were not stored; the agent retries it. */
export const SAMPLES_NOT_STORED = 'The samples could not be stored.';
/** Pushes per SQLite transaction at most: bounds how long the write lock is held at a time. */
export const MAX_GROUP = 500;

export interface SampleWrite extends SamplePush {
  organisationId: number;
  /** The push changed what the hierarchy's server lists show (the server's public IPv4). */
  serversChanged: boolean;
}

/**
 * One write: an agent's push (its server's last-seen details and latest sample) and/or samples
 * for the embedded metrics store, committed together.
 */
export interface IngestWrite {
  push?: SampleWrite;
  /** Stored in the embedded store (empty when the store is Prometheus-compatible). */
  samples: MetricSample[];
}

export interface SampleWriter {
  /**
   * Resolves with the number of samples the embedded store accepted once the write is committed;
   * rejects with a 503 when it was not stored.
   */
  write(item: IngestWrite): Promise<number>;
  /** Seals past hours and applies retention in the embedded store. */
  maintain(nowMs: number): Promise<void>;
  /** Waits for the writes already asked for, then lets go of what the writer holds. */
  close(): Promise<void>;
}

/** Writes one item inside a transaction: the caller commits it. */
export async function writeItem(
  trx: Kysely<DB>,
  item: IngestWrite,
  engine: Engine | null,
  nowMs: number,
): Promise<number> {
  if (item.push) await createAgentRepository(trx).recordPush(item.push);
  if (!engine || item.samples.length === 0) return 0;
  return engine.write(trx, item.samples, nowMs);
}

/**
 * One transaction per write on the app's own connection. PostgreSQL writes in its own processes,
 * so this never blocks the event loop there.
 */
export function createTransactionSampleWriter(deps: {
  db: Kysely<DB>;
  onServersChanged(organisationId: number, trx: Transaction<DB>): Promise<void>;
  engine?: Engine | null;
  now?: () => number;
}): SampleWriter {
  const { engine = null, now = Date.now } = deps;
  return {
    async write(item) {
      return deps.db.transaction().execute(async (trx) => {
        const accepted = await writeItem(trx, item, engine, now());
        if (item.push?.serversChanged) await deps.onServersChanged(item.push.organisationId, trx);
        return accepted;
      });
    },
    async maintain(nowMs) {
      if (!engine) return;
      await deps.db.transaction().execute((trx) => engine.maintain(trx, nowMs));
    },
    async close() {},
  };
}

/** Per item of a flushed group: its result when it is stored, else why not. */
export type GroupOutcome<R = null> = (Error | R)[];

/**
 * Group commit: items submitted while a group is being flushed wait and go together in the next
 * flush, so N concurrent pushes cost one transaction (one WAL append, one commit) instead of N.
 * An idle writer flushes at once: grouping adds no delay at low load. Each submit settles only
 * when its group's flush has answered for it.
 */
export function createGroupCommit<T, R = null>(
  flush: (group: T[]) => Promise<GroupOutcome<R>>,
  maxGroup = MAX_GROUP,
) {
  const queue: { item: T; resolve(result: R): void; reject(error: Error): void }[] = [];
  let running: Promise<void> | null = null;

  async function run(): Promise<void> {
    while (queue.length > 0) {
      const group = queue.splice(0, maxGroup);
      let outcome: GroupOutcome<R>;
      try {
        outcome = await flush(group.map((entry) => entry.item));
      } catch (error) {
        outcome = group.map(() => (error instanceof Error ? error : new Error(String(error))));
      }
      group.forEach((entry, index) => {
        const result = outcome[index]!;
        if (result instanceof Error) entry.reject(result);
        else entry.resolve(result);
      });
    }
    running = null;
  }

  return {
    submit(item: T): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        // Started after the current microtasks, so that pushes arriving together group at once.
        running ??= Promise.resolve().then(run);
      });
    },
    /** Resolves when everything submitted so far has been flushed. */
    async drain(): Promise<void> {
      while (running) await running;
    },
  };
}

export type WorkerRequest =
  { kind: 'write'; writes: IngestWrite[]; nowMs: number } | { kind: 'maintain'; nowMs: number };
/** Per write: the samples accepted when committed, else the error's message. */
export interface WorkerReply {
  results: ({ accepted: number } | { error: string })[];
}

export interface WorkerData {
  file: string;
  /** The embedded store's settings; null when samples go to a Prometheus-compatible store. */
  engine: EngineOptions | null;
}

/**
 * The worker's entry. Built, it is the compiled JavaScript beside this file. In source form
 * (tests, `npm run dev`, benchmarks) it is TypeScript, and on Node 20 a worker does not get its
 * parent's tsx loader (`--import tsx` in execArgv is not applied to the worker's entry), so a
 * two-line module registers tsx in the worker first, then imports it.
 */
/** tsx's ESM register API, looked up in its exports map (require() would give the CJS one). */
function tsxEsmApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require(manifest) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api']!.import.default))
    .href;
}

function workerEntry(): { url: URL; execArgv?: string[] } {
  if (!import.meta.url.endsWith('.ts')) {
    return { url: new URL('./sample-writer-worker.js', import.meta.url) };
  }
  const tsx = tsxEsmApi();
  const entry = new URL('./sample-writer-worker.ts', import.meta.url).href;
  const boot = `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(entry)});`;
  return {
    url: new URL(`data:text/javascript,${encodeURIComponent(boot)}`),
    execArgv: ['--conditions=source'],
  };
}

const notStored = (cause: unknown) =>
  new HttpError(503, `${SAMPLES_NOT_STORED} ${String(cause)}`.trim());

/**
 * SQLite: better-sqlite3 writes synchronously, and on a busy disk one WAL write or checkpoint
 * blocks the thread that does it for 60-250 ms. So the sample writes run in a worker thread with
 * its own connection to the same file (WAL: readers on the server's connection never wait for
 * it), grouped (see createGroupCommit) so that under load one transaction carries many pushes.
 * A push is answered only after the worker has committed it. A worker that dies fails its group
 * with 503s; the next group starts a new one.
 */
export function createWorkerSampleWriter(deps: {
  file: string;
  engine?: EngineOptions | null;
  /** After a group committed a push that changed a server's address: drop cached lists. */
  onServersChanged(organisationId: number): void;
  now?: () => number;
}): SampleWriter {
  const { now = Date.now } = deps;
  let worker: Worker | null = null;
  let waiting: { resolve(reply: WorkerReply): void; reject(error: Error): void } | null = null;
  let closed = false;

  function start(): Worker {
    const { url, execArgv } = workerEntry();
    const workerData: WorkerData = { file: deps.file, engine: deps.engine ?? null };
    const started = new Worker(url, { workerData, execArgv });
    let failure: Error | undefined;
    started.on('message', (reply: WorkerReply) => {
      const answer = waiting;
      waiting = null;
      answer?.resolve(reply);
    });
    // An uncaught error ends the worker: 'exit' follows and fails the group in flight.
    started.on('error', (error) => (failure = error));
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      const answer = waiting;
      waiting = null;
      answer?.reject(failure ?? new Error(`the sample writer exited with code ${code}`));
    });
    return started;
  }

  async function ask(request: WorkerRequest): Promise<WorkerReply> {
    worker ??= start();
    const target = worker;
    return new Promise<WorkerReply>((resolve, reject) => {
      waiting = { resolve, reject };
      target.postMessage(request);
    });
  }

  // Maintenance goes through the same queue as writes: the worker does one thing at a time.
  type Job = IngestWrite | { maintainAt: number };
  const groups = createGroupCommit<Job, number>(async (jobs) => {
    const outcome: GroupOutcome<number> = [];
    const writes = jobs.filter((job): job is IngestWrite => !('maintainAt' in job));
    const reply = writes.length > 0 ? await ask({ kind: 'write', writes, nowMs: now() }) : null;
    const changed = new Set<number>();
    let next = 0;
    for (const job of jobs) {
      if ('maintainAt' in job) {
        const answer = await ask({ kind: 'maintain', nowMs: job.maintainAt });
        const result = answer.results[0];
        outcome.push(result && 'error' in result ? new Error(result.error) : 0);
        continue;
      }
      const result = reply!.results[next++];
      if (!result || 'error' in result) {
        outcome.push(notStored(result?.error ?? 'no answer'));
        continue;
      }
      if (job.push?.serversChanged) changed.add(job.push.organisationId);
      outcome.push(result.accepted);
    }
    for (const organisationId of changed) deps.onServersChanged(organisationId);
    return outcome;
  });

  return {
    async write(item) {
      if (closed) throw notStored('The server is closing.');
      try {
        return await groups.submit(item);
      } catch (error) {
        throw error instanceof HttpError ? error : notStored(error);
      }
    },
    async maintain(nowMs) {
      if (closed || !deps.engine) return;
      await groups.submit({ maintainAt: nowMs });
    },
    async close() {
      closed = true;
      await groups.drain();
      const running = worker;
      worker = null;
      if (!running) return;
      // The worker closes its connection and ends once it has nothing left to do.
      const exited = once(running, 'exit');
      running.postMessage('close');
      await exited;
    },
  };
}
