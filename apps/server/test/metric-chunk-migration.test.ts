import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest, type Database } from '../src/db/database.js';
import { migrations } from '../src/db/migrations/index.js';
import { decodeChunk } from '../src/modules/telemetry/store/embedded/codec.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';

/** Chunks as the first format wrote them: a decimal raw chunk and one of arbitrary doubles. */
const TIMES = [
  1795000000000, 1795000015000, 1795000030000, 1795000045000, 1795000060000, 1795000075003,
  1795000090000, 1795000105000,
];
const DECIMAL_CHUNK = 'AAAACBGh7lZeAOdTAQ0XDRwZBAoFA4FAoHAg';
const DOUBLE_CHUNK =
  'AAAACBGh7lZeAOdTAQ0XDAAAAAAAAAAAw9wAkh+1RELRwAQAAAAAAAGrTv4hyt3DMsX8Q5W7hmWGS4F9ERVHO2YMrMwzG25ckx5aIhqc';

describe('migration 2026-11-24-0301: chunks in the packed format', () => {
  let test: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    test = await createTestDatabase();
    database = createDatabase(
      test.url
        ? { kind: 'postgres', url: test.url }
        : { kind: 'sqlite', file: `${test.dataDir}/migration.sqlite` },
    );
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrations(database.dialect) },
    });
    const { error } = await migrator.migrateTo('2026-11-23-0701-alerts');
    if (error) throw error;
  });

  afterAll(async () => {
    await database.close();
    await test.drop();
  });

  it('re-encodes every stored chunk with the same samples', async () => {
    const { db } = database;
    const at = new Date().toISOString();
    const organisation = await db
      .insertInto('organisations')
      .values({ name: 'Migration', grafana_url: null, tau_url: null, plan: 'none', created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const server = await db
      .insertInto('servers')
      .values({
        organisation_id: organisation.id,
        server_name: 'migrated',
        rack_id: null,
        device_type_id: null,
        host_name: null,
        agent_version: null,
        created_at: at,
        updated_at: at,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const seriesIds: number[] = [];
    for (const metric of ['temperature_celsius', 'load1']) {
      const series = await db
        .insertInto('metric_series')
        .values({
          organisation_id: organisation.id,
          device_id: server.id,
          metric,
          labels: '{}',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      seriesIds.push(series.id);
    }
    const chunks = [DECIMAL_CHUNK, DOUBLE_CHUNK].map((data, i) => ({
      series_id: seriesIds[i]!,
      resolution: 0,
      start_ms: TIMES[0]!,
      end_ms: TIMES.at(-1)!,
      data: Buffer.from(data, 'base64'),
    }));
    await db.insertInto('metric_chunks').values(chunks).execute();

    await migrateToLatest(database);

    const rows = await db
      .selectFrom('metric_chunks')
      .select(['series_id', 'data'])
      .orderBy('series_id')
      .execute();
    expect(rows.map((row) => row.series_id)).toEqual(seriesIds);
    const [decimal, doubles] = rows.map((row) => decodeChunk(row.data));
    expect(decimal).toEqual({
      timestamps: TIMES,
      columns: [[40, 40.1, 40.2, 40, 40.1, 40.2, 40, 40.1]],
    });
    expect(doubles).toEqual({ timestamps: TIMES, columns: [TIMES.map((_, i) => Math.PI * i)] });
  });
});
