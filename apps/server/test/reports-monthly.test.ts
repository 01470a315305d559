import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';

/**
 * The monthly executive report goes to an organisation's admins once per month: two instances
 * on one database racing for it send one mail, and an instance started again later sends none.
 * SQLite runs one instance with a restart; PostgreSQL (TEST_DATABASE_URL) adds the race.
 */
const postgres = !!process.env.TEST_DATABASE_URL;

/** Midnight of the first day of next month: last month's report is due. */
const firstOfNextMonth = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 5);
};

describe('monthly executive report', () => {
  let t: TestApp;
  let admin: Operator;
  const outbox = () => path.join(t.config.dataDir, 'outbox');
  const mails = () => {
    try {
      return readdirSync(outbox()).map((name) => readFileSync(path.join(outbox(), name), 'utf8'));
    } catch {
      return [];
    }
  };
  const mine = () => mails().filter((mail) => mail.includes(admin.email));

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createOperator(t);
    await t.app.database.db
      .updateTable('organisations')
      .set({ plan: 'argent' })
      .where('id', '=', admin.organisationId)
      .execute();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it.runIf(postgres)(
    'is sent once when two instances race for it',
    async () => {
      const second: FastifyInstance = await buildApp({ config: t.config });
      try {
        const at = firstOfNextMonth();
        const sent = await Promise.all([
          t.app.reports.monthly.run(at),
          second.reports.monthly.run(at),
          t.app.reports.monthly.run(at),
          second.reports.monthly.run(at),
        ]);
        expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
        expect(mine()).toHaveLength(1);
      } finally {
        await second.close();
      }
    },
    60_000,
  );

  it('is sent once, with the PDF, and not again after a restart', async () => {
    const at = firstOfNextMonth();
    await t.app.reports.monthly.run(at);
    expect(mine()).toHaveLength(1);
    const mail = mine()[0]!;
    expect(mail).toContain('Content-Type: application/pdf');
    expect(mail).toMatch(/filename=executive-report-\d{4}-\d{2}-01-to-\d{4}-\d{2}-01\.pdf/);
    expect(mail).toContain('executive report');

    // A restart: a new instance on the same database, later that day.
    const restarted = await buildApp({ config: t.config });
    try {
      expect(await restarted.reports.monthly.run(at + 3_600_000)).toBe(0);
    } finally {
      await restarted.close();
    }
    expect(mine()).toHaveLength(1);

    const status = await t.app.inject({ url: '/api/reports/monthly', headers: admin.headers });
    expect(status.statusCode).toBe(200);
    expect(status.json().last).toMatchObject({
      month: new Date(at - 86_400_000).toISOString().slice(0, 7),
      recipients: [admin.email],
      error: null,
    });
    expect(status.json().last.sentAt).toBeTruthy();
  }, 60_000);
});
