import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_HEADER } from '../src/modules/reports/csv.js';
import { createDemoRepository } from '../src/modules/demo/repository.js';
import { backfillSamples, seedDemoEquipment } from '../src/modules/demo/equipment.js';
import { SILENT_DEMO_SERVERS } from '../src/modules/demo/agent.js';
import { demoServer, powerWatts } from '../src/modules/demo/telemetry-model.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const poppler = ['pdftoppm', 'pdftotext'].every((tool) => {
  try {
    execFileSync('which', [tool]);
    return true;
  } catch {
    return false;
  }
});

describe('executive report', () => {
  let t: TestApp;
  let demo: Operator;
  let other: Operator;
  const today = Math.floor(Date.now() / DAY) * DAY;
  const from = day(today - 3 * DAY);
  const to = day(today + DAY);

  beforeAll(async () => {
    t = await buildTestApp();
    const { db } = t.app.database;
    const repository = createDemoRepository(db);
    const demoId = (await repository.demoOrganisationId())!;
    demo = await createOperator(t, { organisationId: demoId });
    other = await createOperator(t);
    // The demo equipment's history as a fresh demo writes it on first start, cut to the report's
    // days and metrics to keep the test short; the servers report every 15 minutes
    // with the demo model's power.
    const units = (await seedDemoEquipment(db, demoId, 15020))!;
    const since = today - 3 * DAY;
    const read = new Set(['pcdu_cooling_power', 'pcdu_valve_now', 'pdu_outlet_power', 'pdu_power']);
    // Every 15 minutes instead of 5 keeps the write short on PostgreSQL.
    const samples = backfillSamples(demoId, units, Date.now()).filter(
      (sample) =>
        sample.timestampMs >= since &&
        read.has(sample.metric) &&
        Math.floor(sample.timestampMs / 300_000) % 3 === 0,
    );
    const servers = await repository.servers(demoId);
    for (const row of servers) {
      // As in the demo, a returned server never reports.
      if (SILENT_DEMO_SERVERS.has(row.server_name)) continue;
      const model = demoServer(row.server_name);
      for (let ms = since; ms < Date.now() - 60_000; ms += 15 * 60_000) {
        const sample = { organisationId: demoId, deviceId: row.id, timestampMs: ms };
        samples.push({ ...sample, metric: 'cpu_usage_ratio', value: 0.4 });
        samples.push({
          ...sample,
          metric: 'power_watts',
          labels: { source: 'hwmon', domain: 'power_meter' },
          value: powerWatts(model, ms),
        });
      }
    }
    for (let i = 0; i < samples.length; i += 5000) {
      await t.app.metricsStore.write(samples.slice(i, i + 5000), { history: true, publish: false });
    }
    // A leak that fired, cleared and fired again: the alerts the report counts.
    for (const value of [true, false, true]) {
      await t.app.alerts.engine.evaluate([
        {
          organisationId: demoId,
          deviceId: units.pcdu.id,
          metric: 'pcdu_waterleak',
          timestampMs: Date.now(),
          value,
        },
      ]);
    }
  }, 240_000);

  afterAll(async () => {
    await t?.close();
  });

  it('answers the demo organisation’s report as a PDF that reads as a report', async () => {
    const response = await t.app.inject({
      url: `/api/reports/executive?from=${from}&to=${to}`,
      headers: demo.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `executive-report-${from}-to-${to}.pdf`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (!poppler) {
      console.warn('pdftoppm/pdftotext (poppler-utils) not installed: the PDF was not rendered.');
      return;
    }
    const dir = process.env.REPORT_PNG_DIR ?? mkdtempSync(path.join(tmpdir(), 'brezza-report-'));
    const file = path.join(dir, 'demo-report.pdf');
    writeFileSync(file, response.rawPayload);
    execFileSync('pdftoppm', ['-png', '-r', '80', file, path.join(dir, 'page')]);
    const pages = readdirSync(dir).filter(
      (name) => name.startsWith('page') && name.endsWith('.png'),
    );
    expect(pages.length).toBe(2);
    for (const page of pages)
      expect(readFileSync(path.join(dir, page)).length).toBeGreaterThan(10_000);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('Demo Organisation');
    expect(text).toContain('DEMO DATA');
    expect(text).toMatch(/IT ENERGY\s+HEAT REMOVED BY LIQUID\s+LIQUID CAPTURE RATIO/);
    expect(text).toMatch(/\d[\d,.]* (kWh|MWh)/);
    expect(text).toContain('Cooling capacity headroom by room');
    expect(text).toContain('Hall A');
    expect(text).toMatch(/Peak heat removed [\d.]+ kW of [\d.]+ kW capacity/);
    expect(text).toContain('Servers online');
    expect(text).toMatch(/pCDU water leak\s+pCDU Hall A\s+Critical\s+2/);
    expect(text).toContain('Page 2 of 2');
  }, 60_000);

  it('answers the figures as CSV', async () => {
    const response = await t.app.inject({
      url: `/api/reports/executive.csv?from=${from}&to=${to}`,
      headers: demo.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines).toContain('report,Demo Organisation,demo data,,yes,yes');
    const it = lines.find((line) => line.startsWith('energy,,IT energy,kWh,'))!;
    expect(Number(it.split(',')[4])).toBeGreaterThan(0);
    expect(lines.some((line) => line.startsWith('capacity,Hall A,cooling capacity,kW,'))).toBe(
      true,
    );
    expect(lines.filter((line) => line.startsWith('daily,')).length).toBe(3 * 4);
  });

  it.each([
    ['from=2026-10-01', 'to must be a date such as 2026-11-01.'],
    ['from=2026-10-01&to=2026-02-30', 'to must be a date such as 2026-11-01.'],
    ['from=yesterday&to=2026-11-01', 'from must be a date such as 2026-10-01.'],
    ['from=2026-11-01&to=2026-10-01', 'to must be after from.'],
    ['from=2026-11-01&to=2026-11-01', 'to must be after from.'],
    ['from=2024-01-01&to=2026-01-01', 'A report covers at most 366 days.'],
  ])('refuses %s with 400 and what is wrong', async (query, error) => {
    for (const path of ['/api/reports/executive', '/api/reports/executive.csv']) {
      const response = await t.app.inject({ url: `${path}?${query}`, headers: demo.headers });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    }
  });

  it('says when the last monthly report went out', async () => {
    await t.app.database.db
      .updateTable('organisations')
      .set({ plan: 'argent' })
      .where('id', '=', other.organisationId)
      .execute();
    const response = await t.app.inject({ url: '/api/reports/monthly', headers: other.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ last: null });
    expect(response.json().nextAt).toMatch(/^\d{4}-\d{2}-01T00:00:00.000Z$/);
  });

  it('is refused without the Argento plan', async () => {
    await t.app.database.db
      .updateTable('organisations')
      .set({ plan: 'none' })
      .where('id', '=', other.organisationId)
      .execute();
    for (const url of [
      `/api/reports/executive?from=${from}&to=${to}`,
      `/api/reports/executive.csv?from=${from}&to=${to}`,
      '/api/reports/monthly',
    ]) {
      const response = await t.app.inject({ url, headers: other.headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Executive reports needs the Argento plan.' });
    }
  });

  it('stays out of reach without credentials', async () => {
    const response = await t.app.inject({ url: `/api/reports/executive?from=${from}&to=${to}` });
    expect(response.statusCode).toBe(401);
    expect(existsSync(t.config.dataDir)).toBe(true);
  });
});
