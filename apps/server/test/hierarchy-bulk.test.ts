import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATACENTERS_PATH,
  HIERARCHY_EXPORT_PATH,
  HIERARCHY_IMPORT_PATH,
  RACKS_PATH,
  ROOMS_PATH,
  SERVERS_PATH,
  importResultSchema,
  serversListSchema,
} from '@brezza/contract';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';
import { buildServer } from './helpers/hierarchy.js';
import { useAdminDatabase } from './helpers/admin.js';
import { createDatabase } from '../src/db/database.js';
import { loadConfig } from '../src/config.js';
import { seedDemoHierarchy } from '../src/modules/hierarchy/demo-data.js';

const HEADER = 'type,datacenter,location,room,rack,server,machineId';

describe('hierarchy import and export API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const exportAs = (operator: Operator, format: string) =>
    t.app.inject({
      method: 'GET',
      url: `${HIERARCHY_EXPORT_PATH}?format=${format}`,
      headers: operator.headers,
    });
  const importCsv = (operator: Operator, csv: string, dryRun: boolean) =>
    t.app.inject({
      method: 'POST',
      url: `${HIERARCHY_IMPORT_PATH}?dryRun=${dryRun}`,
      headers: { ...operator.headers, 'content-type': 'text/csv' },
      payload: csv,
    });

  async function demoOperator() {
    const operator = await createOperator(t);
    await seedDemoHierarchy(t.app.database.db, operator.organisationId);
    return operator;
  }

  it('exports the demo hierarchy as CSV and JSON of the same rows, and imports it back unchanged', async () => {
    const operator = await demoOperator();
    const csv = await exportAs(operator, 'csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="hierarchy-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toContain('datacenter,Milan North,"Milan, Italy",,,,');
    expect(lines).toContain('rack,,,Test Lab,LAB-1,,');
    const json = (await exportAs(operator, 'json')).json() as { rows: unknown[] };
    expect(json.rows).toHaveLength(lines.length - 1);

    const dry = await importCsv(operator, csv.body, true);
    expect(dry.statusCode).toBe(200);
    const result = importResultSchema.parse(dry.json());
    expect(result).toMatchObject({ dryRun: true, applied: false });
    expect(result.counts).toEqual({
      created: 0,
      changed: 0,
      unchanged: lines.length - 1,
      refused: 0,
    });

    const viaJson = await t.app.inject({
      method: 'POST',
      url: `${HIERARCHY_IMPORT_PATH}?dryRun=false`,
      headers: operator.headers,
      payload: json,
    });
    expect(viaJson.statusCode).toBe(200);
    expect(viaJson.json().counts.unchanged).toBe(lines.length - 1);
    expect((await exportAs(operator, 'csv')).body).toBe(csv.body);
  });

  it('previews, then applies an edit in one transaction: a new room and rack, moved servers', async () => {
    const operator = await demoOperator();
    const original = (await exportAs(operator, 'csv')).body;
    const edited = original
      .replace(
        /^server,Milan North,,Hall A,A-01,(mil-web-0[1-3]),/gm,
        'server,Milan North,,Hall C,C-01,$1,',
      )
      .concat('rack,Milan North,,Hall C,C-01,,\r\nroom,Milan North,,Hall C,,,\r\n');

    const before = await t.app.inject({
      method: 'GET',
      url: SERVERS_PATH,
      headers: operator.headers,
    });
    const dry = importResultSchema.parse((await importCsv(operator, edited, true)).json());
    expect(dry.counts).toMatchObject({ created: 2, changed: 3, refused: 0 });
    expect(
      dry.rows.filter((r) => r.outcome !== 'unchanged').map((r) => [r.outcome, r.name]),
    ).toEqual([
      ['changed', expect.stringMatching(/^mil-web-01 \(/)],
      ['changed', expect.stringMatching(/^mil-web-02 \(/)],
      ['changed', expect.stringMatching(/^mil-web-03 \(/)],
      ['created', 'Milan North / Hall C / C-01'],
      ['created', 'Milan North / Hall C'],
    ]);
    // A dry run writes nothing: the list keeps its ETag.
    const still = await t.app.inject({
      method: 'GET',
      url: SERVERS_PATH,
      headers: operator.headers,
    });
    expect(still.headers.etag).toBe(before.headers.etag);

    const applied = await importCsv(operator, edited, false);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ dryRun: false, applied: true });
    const { servers } = serversListSchema.parse(
      (await t.app.inject({ method: 'GET', url: SERVERS_PATH, headers: operator.headers })).json(),
    );
    expect(
      servers
        .filter((s) => s.rackName === 'C-01')
        .map((s) => [s.serverName, s.roomName, s.datacenterName]),
    ).toEqual([
      ['mil-web-01', 'Hall C', 'Milan North'],
      ['mil-web-02', 'Hall C', 'Milan North'],
      ['mil-web-03', 'Hall C', 'Milan North'],
    ]);
    // Round trip: importing the export of the result changes nothing.
    const again = importResultSchema.parse(
      (await importCsv(operator, (await exportAs(operator, 'csv')).body, true)).json(),
    );
    expect(again.counts.changed + again.counts.created).toBe(0);
  });

  it('applies nothing when one row is refused, and says which and why', async () => {
    const operator = await demoOperator();
    const racksBefore = (
      await t.app.inject({ method: 'GET', url: RACKS_PATH, headers: operator.headers })
    ).json();
    const csv = `${HEADER}\r\nrack,Milan North,,Hall A,A-09,,\r\nserver,,,,,ghost,ffff0000\r\n`;
    const response = await importCsv(operator, csv, false);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: '1 row was refused, so nothing was imported. Fix it and import again.',
      applied: false,
      counts: { created: 1, refused: 1 },
      rows: [
        { row: 1, outcome: 'created' },
        {
          row: 2,
          outcome: 'refused',
          detail: 'No server with machine ID ffff0000: servers join with the installer.',
        },
      ],
    });
    const racksAfter = (
      await t.app.inject({ method: 'GET', url: RACKS_PATH, headers: operator.headers })
    ).json();
    expect(racksAfter).toEqual(racksBefore);
  });

  it('only touches the caller organisation', async () => {
    const mine = await demoOperator();
    const other = await createOperator(t);
    await buildServer(t, other.organisationId, { machineId: 'abcdef01' });
    const csv = `${HEADER}\r\ndatacenter,Elsewhere,Oslo,,,,\r\nserver,,,,,stolen,abcdef01\r\n`;
    const response = await importCsv(mine, csv, true);
    expect(response.json().rows[1]).toMatchObject({ outcome: 'refused' });
    const theirs = await t.app.inject({
      method: 'GET',
      url: DATACENTERS_PATH,
      headers: other.headers,
    });
    expect(theirs.json()).toEqual({ datacenters: [] });
  });

  it('answers 400 for bad queries, bodies and CSV', async () => {
    const operator = await createOperator(t);
    const bad = async (
      response: Promise<{ statusCode: number; json(): unknown }>,
      error: string,
    ) => {
      const answered = await response;
      expect(answered.statusCode).toBe(400);
      expect(answered.json()).toEqual({ error });
    };
    await bad(exportAs(operator, 'yaml'), 'format must be csv or json.');
    await bad(importCsv(operator, `${HEADER}\r\n`, true), 'The file holds no rows.');
    await bad(
      importCsv(operator, 'type,colour\r\nrack,red\r\n', true),
      'Unknown column "colour" in the header: the columns are type, datacenter, location, room, rack, server, machineId.',
    );
    await bad(
      importCsv(operator, `${HEADER}\r\n"rack,x\r\n`, true),
      'The CSV cannot be read. Line 2: a quoted field is never closed.',
    );
    await bad(
      t.app.inject({
        method: 'POST',
        url: `${HIERARCHY_IMPORT_PATH}?dryRun=maybe`,
        headers: { ...operator.headers, 'content-type': 'text/csv' },
        payload: 'type\r\nrack\r\n',
      }),
      'dryRun must be true or false.',
    );
    await bad(
      t.app.inject({
        method: 'POST',
        url: HIERARCHY_IMPORT_PATH,
        headers: operator.headers,
        payload: { rows: [{ type: 3 }] },
      }),
      'rows[0].type: type must be text.',
    );
    const anonymous = await t.app.inject({ method: 'GET', url: HIERARCHY_EXPORT_PATH });
    expect(anonymous.statusCode).toBe(401);
    // A room created by the import shows in the lists at once.
    const created = await importCsv(operator, `type,room\r\nroom,Lab\r\n`, false);
    expect(created.statusCode).toBe(200);
    const rooms = await t.app.inject({ method: 'GET', url: ROOMS_PATH, headers: operator.headers });
    expect(rooms.json().rooms).toEqual([
      expect.objectContaining({ name: 'Lab', datacenterId: null }),
    ]);
  });
});

describe('admin export-hierarchy and import-hierarchy', () => {
  const setup = useAdminDatabase();

  it('export to a file, then dry-run and apply an edited copy', async () => {
    const created = await setup.run('create-organisation', '--name', 'Bulk Org');
    expect(created.code).toBe(0);
    const database = createDatabase(loadConfig(setup.env).database);
    try {
      const org = await database.db
        .selectFrom('organisations')
        .select('id')
        .where('name', '=', 'Bulk Org')
        .executeTakeFirstOrThrow();
      await seedDemoHierarchy(database.db, org.id);
    } finally {
      await database.close();
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-bulk-'));
    const file = path.join(dir, 'h.csv');
    const exported = await setup.run(
      'export-hierarchy',
      '--organisation',
      'Bulk Org',
      '--out',
      file,
    );
    expect(exported.code).toBe(0);
    expect(exported.out).toBe(`Wrote the hierarchy of Bulk Org to ${file}.`);
    fs.appendFileSync(file, 'datacenter,Oslo,Norway,,,,\r\n');

    const dry = await setup.run('import-hierarchy', '--organisation', 'Bulk Org', '--file', file);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('row 57: created datacenter Oslo');
    expect(dry.out).toMatch(/57 rows: 1 created, 0 changed, 56 unchanged, 0 refused/);
    expect(dry.out).toContain('Dry run: nothing was written.');
    const applied = await setup.run(
      'import-hierarchy',
      '--organisation',
      'Bulk Org',
      '--file',
      file,
      '--dry-run',
      'false',
    );
    expect(applied.code).toBe(0);
    expect(applied.out).toContain('Applied to Bulk Org.');
    const again = await setup.run('import-hierarchy', '--organisation', 'Bulk Org', '--file', file);
    expect(again.out).toMatch(/57 rows: 0 created, 0 changed, 57 unchanged, 0 refused/);

    fs.writeFileSync(file, `${HEADER}\r\nserver,,,,,x,00000000\r\n`);
    const refused = await setup.run(
      'import-hierarchy',
      '--organisation',
      'Bulk Org',
      '--file',
      file,
      '--dry-run',
      'false',
    );
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('1 row was refused, so nothing was imported.');
    expect(
      (
        await setup.run(
          'import-hierarchy',
          '--organisation',
          'Bulk Org',
          '--file',
          file,
          '--dry-run',
          'no',
        )
      ).code,
    ).toBe(2);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
