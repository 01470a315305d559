import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema.js';
import type { SampleWriter } from '../../../agent/sample-writer.js';
import type { MetricsStore } from '../types.js';
import type { Engine } from './engine.js';

/**
 * The embedded store: reads on the server's own connection, writes through the sample writer
 * (SQLite: its worker thread and group commit; PostgreSQL: a transaction per write).
 */
export function createEmbeddedStore(deps: {
  db: Kysely<DB>;
  /** For reads only; the writer has its own. */
  engine: Engine;
  writer: Pick<SampleWriter, 'write'>;
  now?: () => number;
}): MetricsStore {
  const { db, engine, writer, now = Date.now } = deps;
  return {
    kind: 'embedded',
    async write(samples) {
      if (samples.length === 0) return { accepted: 0 };
      return { accepted: await writer.write({ samples: [...samples] }) };
    },
    queryRange: (query) => engine.queryRange(db, query, now()),
    latest: (query) => engine.latest(db, query),
    names: (organisationId) => engine.names(db, organisationId),
    async close() {},
  };
}
