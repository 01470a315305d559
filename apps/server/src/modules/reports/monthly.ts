import { planAllows, previousMonth, reportFileName, type CurrentPlan } from '@brezza/contract';
import type { FastifyInstance } from 'fastify';
import { period } from './format.js';
import type { ReportsRepository } from './repository.js';
import type { ReportsService } from './service.js';

export interface MonthlyDeps {
  repository: ReportsRepository;
  service: ReportsService;
  mailer: FastifyInstance['mail'];
  planOf(organisationId: number): Promise<CurrentPlan>;
  render(report: Awaited<ReturnType<ReportsService['report']>>): Promise<Buffer>;
  productName: string;
  publicUrl: string;
  now(): number;
  log(error: unknown): void;
}

/**
 * The monthly executive report: from the first day of a month, the previous month's PDF goes to
 * each organisation's admins, once. The row claimed before sending (report_mailings' primary
 * key) is what makes it once, whichever instance runs first and however often it restarts; a
 * send that fails is recorded, not retried, since a mail server can fail after it delivered.
 * An organisation created after the month ended has nothing to report for it.
 */
export function createMonthlyReports(deps: MonthlyDeps) {
  const { repository, service, mailer } = deps;

  async function mailOne(organisationId: number, nowMs: number): Promise<boolean> {
    const month = previousMonth(nowMs);
    const toMs = Date.parse(`${month.to}T00:00:00Z`);
    const fromMs = Date.parse(`${month.from}T00:00:00Z`);
    if (!planAllows(await deps.planOf(organisationId), 'executiveReports')) return false;
    const organisation = await repository.organisation(organisationId);
    if (organisation.createdMs >= toMs) return false;
    const recipients = await repository.admins(organisationId);
    if (recipients.length === 0) return false;
    const claimed = await repository.claim(
      organisationId,
      month.month,
      recipients,
      new Date(nowMs).toISOString(),
    );
    if (!claimed) return false;
    try {
      const report = await service.report(organisationId, fromMs, toMs);
      const pdf = await deps.render(report);
      const name = period(fromMs, toMs);
      const link = `${deps.publicUrl}/reports`;
      await mailer.send({
        to: recipients.join(', '),
        subject: `${deps.productName} executive report, ${name}: ${organisation.name}`,
        text: `The executive report of ${organisation.name} for ${name} is attached${
          organisation.demo ? ' (demo data)' : ''
        }.\n\nOther periods and the figures as CSV: ${link}\n`,
        html: `<p>The executive report of <strong>${escapeHtml(organisation.name)}</strong> for ${name} is attached${
          organisation.demo ? ' (demo data)' : ''
        }.</p><p>Other periods and the figures as CSV: <a href="${link}">${link}</a></p>`,
        link,
        attachments: [
          {
            filename: reportFileName(month.from, month.to, 'pdf'),
            content: pdf,
            contentType: 'application/pdf',
          },
        ],
      });
      await repository.finish(organisationId, month.month, {
        sentAt: new Date(deps.now()).toISOString(),
      });
      return true;
    } catch (error) {
      deps.log(error);
      await repository.finish(organisationId, month.month, {
        error: 'The report could not be sent; see the server log.',
      });
      return false;
    }
  }

  return {
    /** Mails last month's report to every organisation not yet mailed; answers how many went. */
    async run(nowMs = deps.now()): Promise<number> {
      let sent = 0;
      for (const organisationId of await repository.mailedOrganisations()) {
        try {
          if (await mailOne(organisationId, nowMs)) sent += 1;
        } catch (error) {
          deps.log(error);
        }
      }
      return sent;
    },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
