import {
  CommandError,
  positiveId,
  optionalPositiveId,
  requireFlag,
  table,
  type AdminCommand,
} from '../../admin-command.js';
import { organisationMetricsPath, serviceDiscoveryPath } from '@brezza/contract';
import { createOrganisationsRepository } from '../organisations/repository.js';
import { createMetricsService } from './service.js';

async function organisation(database: Parameters<AdminCommand['run']>[0]['database'], raw: string) {
  const id = positiveId(raw, 'organisation');
  const found = await createOrganisationsRepository(database.db).findById(id);
  if (!found) throw new CommandError(`No organisation ${id}.`);
  return found;
}

export const metricsCommands: AdminCommand[] = [
  {
    name: 'create-scrape-token',
    summary:
      "Make a token for Prometheus to read an organisation's metrics and service discovery; prints it once.",
    usage: '--organisation <id> [--note <text>]',
    flags: ['organisation', 'note'],
    async run({ database, config, out }, flags) {
      const org = await organisation(database, requireFlag(flags, 'organisation'));
      const note = flags.note?.trim() || null;
      const { id, token } = await createMetricsService({ db: database.db }).createScrapeToken(
        org.id,
        note,
      );
      out(`Scrape token ${id} for organisation ${org.id} (${org.name}):`);
      out(token);
      out('');
      out(`Metrics:            ${config.publicUrl}${organisationMetricsPath(org.id)}`);
      out(`Service discovery:  ${config.publicUrl}${serviceDiscoveryPath(org.id)}`);
      out('Send it as "Authorization: Bearer <token>" (see deploy/prometheus/prometheus.yml).');
    },
  },
  {
    name: 'list-scrape-tokens',
    summary: 'List scrape tokens (never the tokens themselves).',
    usage: '[--organisation <id>]',
    flags: ['organisation'],
    async run({ database, out }, flags) {
      const organisationId = optionalPositiveId(flags.organisation, 'organisation');
      const tokens = await createMetricsService({ db: database.db }).listScrapeTokens(
        organisationId,
      );
      if (tokens.length === 0) return out('No scrape tokens.');
      const lines = table(
        ['ID', 'ORG', 'STATE', 'CREATED', 'NOTE'],
        tokens.map((token) => [
          String(token.id),
          String(token.organisationId),
          token.revokedAt ? 'revoked' : 'active',
          token.createdAt,
          token.note ?? '-',
        ]),
      );
      for (const line of lines) out(line);
    },
  },
  {
    name: 'revoke-scrape-token',
    summary: 'Revoke a scrape token: Prometheus using it gets 401 from then on.',
    usage: '--id <id>',
    flags: ['id'],
    async run({ database, out }, flags) {
      const id = positiveId(requireFlag(flags, 'id'), 'id');
      const revoked = await createMetricsService({ db: database.db }).revokeScrapeToken(id);
      if (!revoked) throw new CommandError(`No active scrape token ${id}.`);
      out(`Revoked scrape token ${id}.`);
    },
  },
  {
    name: 'refresh-prometheus',
    summary:
      "Rebuild an organisation's Prometheus labels from its hierarchy (what POST /api/refresh_prometheus does).",
    usage: '--organisation <id>',
    flags: ['organisation'],
    async run({ database, out }, flags) {
      const org = await organisation(database, requireFlag(flags, 'organisation'));
      const result = await createMetricsService({ db: database.db }).refresh(org.id);
      out(
        `Refreshed the labels of ${result.refreshed.servers} server(s) of organisation ${org.id} at ${result.at}.`,
      );
    },
  },
];
