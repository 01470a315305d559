import { HIERARCHY_EXPORT_PATH, HIERARCHY_IMPORT_PATH, importResultSchema } from '@brezza/contract';
import { generateHierarchy } from '../src/modules/hierarchy/generate.js';
import { buildTestApp } from '../test/helpers/app.js';
import { createOperator } from '../test/helpers/auth.js';

/**
 * Issue 16: 100,000 rows imported in under 30 s on SQLite. An organisation of 100,000 servers is
 * exported as CSV, edited as an operator would at scale (a new room of 100 racks, and every
 * server moved one rack along, so that every server row is a change), then imported through the
 * API: a dry run, then the real import. The baseline is the least the same writes can cost: one
 * transaction of `UPDATE … WHERE id IN (…)` per target rack, with no parsing or planning.
 * SQLite by default; TEST_DATABASE_URL runs it on PostgreSQL.
 */
const SERVERS = 100_000;
const BUDGET_S = 30;

const seconds = (from: number) => (performance.now() - from) / 1000;

export async function run(): Promise<void> {
  const t = await buildTestApp({ LOG_LEVEL: 'silent' });
  try {
    const operator = await createOperator(t, { organisationName: 'Bench' });
    const db = t.app.database.db;
    await generateHierarchy(db, operator.organisationId, { servers: SERVERS });

    let started = performance.now();
    const exported = await t.app.inject({
      method: 'GET',
      url: `${HIERARCHY_EXPORT_PATH}?format=csv`,
      headers: operator.headers,
    });
    const exportS = seconds(started);
    const lines = exported.body.trimEnd().split('\r\n');
    const racks = lines.filter((line) => line.startsWith('rack,'));
    const rackPath = (line: string) => line.split(',').slice(1, 5).join(',');
    const next = new Map(
      racks.map((line, i) => [rackPath(line), rackPath(racks[(i + 1) % racks.length]!)]),
    );
    const edited = lines
      .map((line) => {
        if (!line.startsWith('server,')) return line;
        const fields = line.split(',');
        const moved = next.get(fields.slice(1, 5).join(','));
        return moved === undefined ? line : ['server', moved, ...fields.slice(5)].join(',');
      })
      .concat('room,DC-01,,Hall New,,,')
      .concat(Array.from({ length: 100 }, (_, i) => `rack,DC-01,,Hall New,N-${i + 1},,`))
      .join('\r\n');
    const rows = edited.split('\r\n').length - 1;

    const importAs = async (dryRun: boolean) => {
      const from = performance.now();
      const response = await t.app.inject({
        method: 'POST',
        url: `${HIERARCHY_IMPORT_PATH}?dryRun=${dryRun}`,
        headers: { ...operator.headers, 'content-type': 'text/csv' },
        payload: edited,
      });
      if (response.statusCode !== 200)
        throw new Error(`import answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      return { s: seconds(from), result: importResultSchema.parse(response.json()) };
    };
    const dry = await importAs(true);
    const real = await importAs(false);

    // The baseline: the same moves written back, as plainly as SQL allows.
    const servers = await db
      .selectFrom('servers')
      .select(['id', 'rack_id'])
      .where('organisation_id', '=', operator.organisationId)
      .execute();
    started = performance.now();
    const groups = new Map<number | null, number[]>();
    for (const server of servers) {
      const group = groups.get(server.rack_id);
      if (group) group.push(server.id);
      else groups.set(server.rack_id, [server.id]);
    }
    await db.transaction().execute(async (trx) => {
      for (const [rackId, ids] of groups) {
        for (let i = 0; i < ids.length; i += 500) {
          await trx
            .updateTable('servers')
            .set({ rack_id: rackId, updated_at: new Date().toISOString() })
            .where('id', 'in', ids.slice(i, i + 500))
            .execute();
        }
      }
    });
    const baselineS = seconds(started);

    const { counts } = real.result;
    console.log(
      `${rows} rows (${SERVERS} servers, ${(edited.length / 1e6).toFixed(1)} MB of CSV) on ${t.app.database.dialect}: ` +
        `${counts.created} created, ${counts.changed} changed, ${counts.unchanged} unchanged, ${counts.refused} refused`,
    );
    console.log(`export                ${exportS.toFixed(2).padStart(6)} s`);
    console.log(`dry run (parse, plan) ${dry.s.toFixed(2).padStart(6)} s`);
    console.log(
      `import (applied)      ${real.s.toFixed(2).padStart(6)} s   ratio to the ${BUDGET_S} s budget ${(real.s / BUDGET_S).toFixed(2)} (target ≤ 1.00)`,
    );
    console.log(
      `baseline: bare grouped UPDATEs ${baselineS.toFixed(2)} s   import / baseline ${(real.s / baselineS).toFixed(2)}`,
    );
  } finally {
    await t.close();
  }
}
