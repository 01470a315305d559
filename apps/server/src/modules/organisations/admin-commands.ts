import { table, positiveId, requireFlag, type AdminCommand } from '../../admin-command.js';
import { createOrganisationsRepository, type OrganisationRow } from './repository.js';
import { createOrganisationsService } from './service.js';

const describe = (organisation: OrganisationRow) =>
  `${organisation.id}: ${organisation.name} (grafana_url: ${organisation.grafana_url ?? '-'}, tau_url: ${organisation.tau_url ?? '-'}, plan: ${organisation.plan})`;

const service = (db: Parameters<typeof createOrganisationsRepository>[0]) =>
  createOrganisationsService(createOrganisationsRepository(db));

export const organisationCommands: AdminCommand[] = [
  {
    name: 'create-organisation',
    summary: 'Create an organisation.',
    usage: '--name <name> [--grafana-url <url>] [--tau-url <url>]',
    flags: ['name', 'grafana-url', 'tau-url'],
    async run({ database, out }, flags) {
      const organisation = await service(database.db).create({
        name: requireFlag(flags, 'name'),
        grafanaUrl: flags['grafana-url'],
        tauUrl: flags['tau-url'],
      });
      out(`Created organisation ${describe(organisation)}`);
    },
  },
  {
    name: 'set-organisation',
    summary: "Change an organisation's name or URLs (an empty URL clears it).",
    usage: '--id <id> [--name <name>] [--grafana-url <url>] [--tau-url <url>]',
    flags: ['id', 'name', 'grafana-url', 'tau-url'],
    async run({ database, out }, flags) {
      const id = positiveId(requireFlag(flags, 'id'), 'id');
      const organisation = await service(database.db).update(id, {
        name: flags.name,
        grafanaUrl: flags['grafana-url'],
        tauUrl: flags['tau-url'],
      });
      out(`Updated organisation ${describe(organisation)}`);
    },
  },
  {
    name: 'list-organisations',
    summary: 'List every organisation.',
    usage: '',
    flags: [],
    async run({ database, out }) {
      const rows = await service(database.db).list();
      if (rows.length === 0)
        return out('No organisations yet. Create one with create-organisation.');
      const lines = table(
        ['ID', 'NAME', 'PLAN', 'GRAFANA_URL', 'TAU_URL'],
        rows.map((row) => [
          String(row.id),
          row.name,
          row.plan,
          row.grafana_url ?? '-',
          row.tau_url ?? '-',
        ]),
      );
      for (const line of lines) out(line);
    },
  },
];
