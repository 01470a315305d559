import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  createWorkerSampleWriter,
  type IngestWrite,
  type SampleWrite,
  type SampleWriter,
} from '../src/modules/agent/sample-writer.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';
import { buildRegistration } from './helpers/agent.js';

// The worker writer is the SQLite path; on PostgreSQL pushes keep one transaction each (covered
// through the endpoint by onboarding.test.ts).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('SQLite sample writer (worker)', () => {
  let t: TestApp;
  let operator: Operator;
  let file: string;
  const servers: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    operator = await createOperator(t);
    const { db } = t.app.database;
    const tokens = t.app.onboarding.service;
    const agents = t.app.agent.service;
    for (let i = 0; i < 3; i += 1) {
      const { token } = await tokens.createToken({
        id: operator.userId,
        organisationId: operator.organisationId,
      });
      const { serverId } = await agents.register(token, buildRegistration(), '198.51.100.7');
      servers.push(serverId);
    }
    const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
    file = rows.find((row) => row.name === 'main')!.file;
  });
  afterAll(async () => {
    await t.close();
  });

  const pushOf = (serverId: number, count = 1): SampleWrite => {
    const at = new Date().toISOString();
    return {
      organisationId: operator.organisationId,
      seen: { at, agentVersion: '0.1.0', publicIpv4: null },
      sample: {
        serverId,
        organisationId: operator.organisationId,
        collectedAt: at,
        receivedAt: at,
        payload: '{}',
        count,
      },
      serversChanged: false,
    };
  };
  const push = (serverId: number, count = 1): IngestWrite => ({
    push: pushOf(serverId, count),
    samples: [],
  });

  /** Stored sample counts per server, read on the app's own connection. */
  const stored = async () => {
    const rows = await t.app.database.db
      .selectFrom('latest_samples')
      .select(['server_id', 'sample_count'])
      .execute();
    return new Map(rows.map((row) => [row.server_id, row.sample_count]));
  };

  const withWriter = async (use: (writer: SampleWriter) => Promise<void>) => {
    const writer = createWorkerSampleWriter({ file, onServersChanged: () => {} });
    try {
      await use(writer);
    } finally {
      await writer.close();
    }
  };

  it('acknowledges a push once it is committed and visible to the app', async () => {
    await withWriter(async (writer) => {
      const before = (await stored()).get(servers[0]!) ?? 0;
      await writer.write(push(servers[0]!, 2));
      expect((await stored()).get(servers[0]!)).toBe(before + 2);
    });
  });

  it('fails a push whose write fails with 503 and stores the rest of its group', async () => {
    await withWriter(async (writer) => {
      const before = await stored();
      const results = await Promise.allSettled([
        writer.write(push(servers[0]!)),
        writer.write(push(2_000_000_000)),
        writer.write(push(servers[1]!)),
      ]);
      expect(results.map((result) => result.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ statusCode: 503 });
      const after = await stored();
      expect(after.get(servers[0]!)).toBe((before.get(servers[0]!) ?? 0) + 1);
      expect(after.get(servers[1]!)).toBe((before.get(servers[1]!) ?? 0) + 1);
    });
  });

  it('fails every push of a group whose transaction fails, storing none of them', async () => {
    const { db } = t.app.database;
    // A write that aborts the whole transaction, as a full disk or an I/O error would.
    await sql`create trigger fail_group before insert on latest_samples
      when new.sample_count = 13 begin select raise(rollback, 'disk I/O error'); end`.execute(db);
    try {
      await withWriter(async (writer) => {
        const before = await stored();
        const results = await Promise.allSettled([
          writer.write(push(servers[0]!)),
          writer.write(push(servers[1]!, 13)),
          writer.write(push(servers[2]!)),
        ]);
        expect(results.every((result) => result.status === 'rejected')).toBe(true);
        for (const result of results) {
          expect((result as PromiseRejectedResult).reason).toMatchObject({ statusCode: 503 });
        }
        expect(await stored()).toEqual(before);
        // The writer goes on with the next group.
        await writer.write(push(servers[2]!));
        expect((await stored()).get(servers[2]!)).toBe((before.get(servers[2]!) ?? 0) + 1);
      });
    } finally {
      await sql`drop trigger fail_group`.execute(db);
    }
  });

  it('on close, writes every push already asked for, then refuses new ones with 503', async () => {
    const writer = createWorkerSampleWriter({ file, onServersChanged: () => {} });
    const before = (await stored()).get(servers[2]!) ?? 0;
    const pending = Array.from({ length: 50 }, () => writer.write(push(servers[2]!)));
    await writer.close();
    await expect(Promise.all(pending)).resolves.toBeDefined();
    expect((await stored()).get(servers[2]!)).toBe(before + 50);
    await expect(writer.write(push(servers[2]!))).rejects.toMatchObject({ statusCode: 503 });
  });

  it('drops the cached lists of an organisation whose server changed address', async () => {
    const changed: number[] = [];
    const writer = createWorkerSampleWriter({ file, onServersChanged: (id) => changed.push(id) });
    try {
      await writer.write({
        push: { ...pushOf(servers[0]!), serversChanged: true },
        samples: [],
      });
      expect(changed).toEqual([operator.organisationId]);
    } finally {
      await writer.close();
    }
  });
});
