import { parentPort, workerData } from 'node:worker_threads';
import { Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { ImmediateSqliteDialect, openSqlite } from '../../db/sqlite.js';
import { markHierarchyChanged } from '../hierarchy/repository.js';
import { createEngine } from '../telemetry/store/embedded/engine.js';
import {
  writeItem,
  type WorkerData,
  type WorkerReply,
  type WorkerRequest,
} from './sample-writer.js';

/**
 * The SQLite sample writer's thread (see createWorkerSampleWriter): its own connection to the
 * database file, one transaction per group of writes, and the embedded metrics store's writes
 * and maintenance. Its disk waits and chunk encoding block this thread only.
 */
const port = parentPort!;
const { file, engine: engineOptions } = workerData as WorkerData;
const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: openSqlite(file) }) });
const engine = engineOptions ? createEngine(engineOptions) : null;

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function writeGroup(request: WorkerRequest): Promise<WorkerReply> {
  if (request.kind === 'maintain') {
    try {
      if (engine) await db.transaction().execute((trx) => engine.maintain(trx, request.nowMs));
      return { results: [{ accepted: 0 }] };
    } catch (error) {
      return { results: [{ error: reason(error) }] };
    }
  }
  const { writes, nowMs } = request;
  try {
    const results = await db.transaction().execute(async (trx) => {
      const outcome: WorkerReply['results'] = [];
      for (const write of writes) {
        // A savepoint per write: one that fails (its server deleted meanwhile, say) fails alone,
        // not every agent grouped with it.
        await sql`savepoint push`.execute(trx);
        try {
          const accepted = await writeItem(trx, write, engine, nowMs);
          if (write.push?.serversChanged) {
            await markHierarchyChanged(trx, write.push.organisationId);
          }
          outcome.push({ accepted });
        } catch (error) {
          await sql`rollback to push`.execute(trx);
          outcome.push({ error: reason(error) });
        }
        await sql`release push`.execute(trx);
      }
      return outcome;
    });
    return { results };
  } catch (error) {
    // The transaction did not commit: nothing of the group is stored, and every write says so.
    return { results: writes.map(() => ({ error: reason(error) })) };
  }
}

port.on('message', (message: WorkerRequest | 'close') => {
  if (message === 'close') {
    void db.destroy().then(() => port.close());
    return;
  }
  void writeGroup(message).then((reply) => port.postMessage(reply));
});
