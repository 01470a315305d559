import { UsageError, positiveId, type AdminCommand } from '../../admin-command.js';
import { createOrganisationsRepository } from '../organisations/repository.js';
import { createOrganisationsService } from '../organisations/service.js';
import { generateHierarchy } from './generate.js';

type CommandDatabase = Parameters<AdminCommand['run']>[0]['database'];

const organisations = (database: CommandDatabase) =>
  createOrganisationsService(createOrganisationsRepository(database.db));

/** The organisation an `--organisation` or `--into` flag names, by id or by name. */
export const resolveOrganisation = (database: CommandDatabase, reference: string) =>
  organisations(database).resolve(reference);

export const GENERATE_DEFAULT_SERVERS = 10_000;
export const GENERATE_MAX_SERVERS = 1_000_000;

function serverCount(value: string | undefined): number {
  if (value === undefined) return GENERATE_DEFAULT_SERVERS;
  const count = positiveId(value, 'servers');
  if (count > GENERATE_MAX_SERVERS) {
    throw new UsageError(`--servers must be at most ${GENERATE_MAX_SERVERS}.`);
  }
  return count;
}

export const hierarchyCommands: AdminCommand[] = [
  {
    name: 'generate-organisation',
    summary:
      'Fill a new organisation (--name) or an existing one (--into) with a generated hierarchy, for benchmarks.',
    usage: '(--name <name> | --into <id or name>) [--servers <count, default 10000>]',
    flags: ['name', 'into', 'servers'],
    async run({ database, out }, flags) {
      const servers = serverCount(flags.servers);
      if ((flags.name === undefined) === (flags.into === undefined)) {
        throw new UsageError(
          'Give either --name (a new organisation) or --into (an existing one).',
        );
      }
      const organisation =
        flags.name !== undefined
          ? await organisations(database).create({ name: flags.name })
          : await resolveOrganisation(database, flags.into!);
      const started = Date.now();
      const counts = await generateHierarchy(database.db, organisation.id, { servers });
      out(
        `Organisation ${organisation.id} (${organisation.name}): added ${counts.datacenters} datacenters, ` +
          `${counts.rooms} rooms, ${counts.racks} racks and ${counts.servers} servers ` +
          `in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      );
    },
  },
];
