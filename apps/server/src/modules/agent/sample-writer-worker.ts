import { parentPort, workerData } from 'node:worker_threads';
import { Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { ImmediateSqliteDialect, openSqlite } from '../../db/sqlite.js';
import { markHierarchyChanged } from '../hierarchy/repository.js';
import { createAgentRepository } from './repository.js';
import type { WorkerReply, WorkerRequest } from './sample-writer.js';

/**
 * The SQLite sample writer's thread (see createWorkerSampleWriter): its own connection to the
 * database file, one transaction per group of pushes. Its disk waits block this thread only.
 */
const port = parentPort!;
const { file } = workerData as { file: string };
const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: openSqlite(file) }) });

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function writeGroup({ writes }: WorkerRequest): Promise<WorkerReply> {
  try {
    const errors = await db.transaction().execute(async (trx) => {
      const outcome: (string | null)[] = [];
      for (const write of writes) {
        // A savepoint per push: one that fails (its server deleted meanwhile, say) fails alone,
        // not every agent grouped with it.
        await sql`savepoint push`.execute(trx);
        try {
          await createAgentRepository(trx).recordPush(write);
          if (write.serversChanged) await markHierarchyChanged(trx, write.organisationId);
          outcome.push(null);
        } catch (error) {
          await sql`rollback to push`.execute(trx);
          outcome.push(reason(error));
        }
        await sql`release push`.execute(trx);
      }
      return outcome;
    });
    return { errors };
  } catch (error) {
    // The transaction did not commit: nothing of the group is stored, and every push says so.
    return { errors: writes.map(() => reason(error)) };
  }
}

port.on('message', (message: WorkerRequest | 'close') => {
  if (message === 'close') {
    void db.destroy().then(() => port.close());
    return;
  }
  void writeGroup(message).then((reply) => port.postMessage(reply));
});
