import fp from 'fastify-plugin';
import { createMonthlyReports } from './monthly.js';
import { renderReportPdf } from './pdf.js';
import { createReportsRepository } from './repository.js';
import { createReportsService, type ReportsService } from './service.js';
import type { ExecutiveReport } from './report.js';

export interface Reports {
  service: ReportsService;
  repository: ReturnType<typeof createReportsRepository>;
  render(report: ExecutiveReport): Promise<Buffer>;
  monthly: ReturnType<typeof createMonthlyReports>;
}

declare module 'fastify' {
  interface FastifyInstance {
    reports: Reports;
  }
}

/** How often an instance looks for organisations whose monthly report is due. */
export const MONTHLY_CHECK_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Executive reports (issue 14): the PDF and CSV of a period on demand, and last month's PDF
 * mailed to each organisation's admins from the first of the month (every instance checks; the
 * claimed row makes one of them send).
 */
export const reportsPlugin = fp(
  async (app) => {
    const { config } = app;
    const log = (error: unknown) => app.log.warn({ err: error }, 'monthly executive report');
    const repository = createReportsRepository(app.database.db);
    const service = createReportsService({
      repository,
      metricsStore: app.metricsStore,
      alerts: app.alerts.service,
      now: Date.now,
    });
    const productName = config.env.PRODUCT_NAME;
    const render = (report: ExecutiveReport) => renderReportPdf(report, productName);
    const monthly = createMonthlyReports({
      repository,
      service,
      // The same mailer (SMTP or outbox) as sign-up and alert mail.
      mailer: app.mail,
      planOf: (organisationId) => app.plans.service.planOf(organisationId),
      render,
      productName,
      publicUrl: config.publicUrl,
      now: Date.now,
      log,
    });
    app.decorate('reports', { service, repository, render, monthly });

    let running: Promise<unknown> = Promise.resolve();
    const check = () => {
      running = monthly.run().catch(log);
    };
    const timer = setInterval(check, MONTHLY_CHECK_INTERVAL_MS);
    timer.unref();
    app.addHook('onReady', async () => check());
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'reports', dependencies: ['database', 'mail', 'telemetry', 'alerts'] },
);
