import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  EXECUTIVE_REPORT_CSV_PATH,
  EXECUTIVE_REPORT_PATH,
  MONTHLY_REPORTS_PATH,
  errorBodySchema,
  monthlyReportsSchema,
  reportFileName,
  reportQuerySchema,
} from '@brezza/contract';
import { routes } from '../../lib/routes.js';
import { reportCsv } from './csv.js';

const common = { tags: ['Reports'], security: [{ operator: [] }] };
const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** The first day of the month after the one `nowMs` falls in (UTC). */
const nextMonthStart = (nowMs: number) => {
  const now = new Date(nowMs);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
};

/** Executive reports in the /api scope: part of the Argento plan (issue 14, item 7). */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const { service, render, repository } = app.reports;
  const api = routes(app);
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, planFeature: 'executiveReports' };
  });

  api.get(
    EXECUTIVE_REPORT_PATH,
    {
      schema: {
        ...common,
        summary:
          'The executive report of a period as a PDF: energy, cooling, efficiency trend, capacity headroom per room, alerts and availability, against the previous period of the same length. `to` is the day after the last day.',
        querystring: reportQuerySchema,
        response: {
          200: {
            description: 'The report (A4 PDF).',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...failures,
        },
      },
    },
    async (request, reply) => {
      const { from, to, fromMs, toMs } = request.query;
      const report = await service.report(request.user.organisationId, fromMs, toMs);
      const pdf = await render(report);
      return (
        reply
          .header('Content-Type', 'application/pdf')
          .header(
            'Content-Disposition',
            `attachment; filename="${reportFileName(from, to, 'pdf')}"`,
          )
          .header('Cache-Control', 'no-store')
          // A Buffer is sent as it is (Fastify serialises only objects).
          .send(pdf as unknown as string)
      );
    },
  );

  api.get(
    EXECUTIVE_REPORT_CSV_PATH,
    {
      schema: {
        ...common,
        summary:
          "The executive report's figures as CSV, one figure a row: section,item,figure,unit,this_period,previous_period.",
        querystring: reportQuerySchema,
        response: {
          200: {
            description: 'The figures (text/csv).',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...failures,
        },
      },
    },
    async (request, reply) => {
      const { from, to, fromMs, toMs } = request.query;
      const report = await service.report(request.user.organisationId, fromMs, toMs);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${reportFileName(from, to, 'csv')}"`)
        .header('Cache-Control', 'no-store')
        .send(reportCsv(report));
    },
  );

  api.get(
    MONTHLY_REPORTS_PATH,
    {
      schema: {
        ...common,
        summary:
          "When the last monthly executive report was mailed to the organisation's admins, and when the next one goes.",
        response: { 200: monthlyReportsSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => ({
      last: await repository.lastMailing(request.user.organisationId),
      nextAt: nextMonthStart(Date.now()),
    }),
  );
}
