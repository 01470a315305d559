import {
  CommandError,
  requireFlag,
  table,
  type AdminCommand,
  type AdminContext,
} from '../../admin-command.js';
import { identityDependencies } from '../identity/dependencies.js';
import { createOrganisationsService } from '../organisations/service.js';
import { createUsersService } from './service.js';

function services(context: AdminContext) {
  const { users, organisations, identity } = identityDependencies(
    context.config,
    context.database.db,
    context.out,
    (error, message) => context.err(`${message}: ${String(error)}`),
  );
  const usersService = createUsersService({
    db: context.database.db,
    users,
    organisations: createOrganisationsService(organisations),
  });
  return { usersService, identity, organisations };
}

export const userCommands: AdminCommand[] = [
  {
    name: 'authorise-user',
    summary:
      'Authorise a user in an organisation; prints and mails a single-use set-password link.',
    usage: '--name <name> --email <email> --organisation <id or name>',
    flags: ['name', 'email', 'organisation'],
    async run(context, flags) {
      const { usersService, identity } = services(context);
      const { user, organisation } = await usersService.authorise({
        name: requireFlag(flags, 'name'),
        email: requireFlag(flags, 'email'),
        organisation: requireFlag(flags, 'organisation'),
      });
      context.out(
        `Authorised user ${user.id}: ${user.name} <${user.email}> in ${organisation.name}.`,
      );
      if (context.config.identity.mode === 'auth0') {
        context.out(`They sign in through the Auth0 tenant with this verified e-mail address.`);
        return;
      }
      let link: string;
      try {
        link = await identity.sendSetPasswordLink(user);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new CommandError(
          `The set-password mail could not be sent (${reason}). Fix the mail settings, then run send-password-link --email ${user.email}.`,
        );
      }
      context.out(`Set-password link (single use, valid 7 days), also mailed to ${user.email}:`);
      context.out(link);
    },
  },
  {
    name: 'send-password-link',
    summary: 'Send a user a new single-use set-password link (the old ones stop working).',
    usage: '--email <email>',
    flags: ['email'],
    async run(context, flags) {
      if (context.config.identity.mode === 'auth0') {
        throw new CommandError('Passwords are managed by the Auth0 tenant (AUTH_DOMAIN is set).');
      }
      const { usersService, identity } = services(context);
      const user = await usersService.byEmail(requireFlag(flags, 'email'));
      const link = await identity.sendSetPasswordLink(user);
      context.out(`Set-password link for ${user.email} (single use, valid 7 days), also mailed:`);
      context.out(link);
    },
  },
  {
    name: 'list-users',
    summary: 'List users, of one organisation or of all.',
    usage: '[--organisation <id or name>]',
    flags: ['organisation'],
    async run(context, flags) {
      const { usersService, organisations } = services(context);
      const rows = await usersService.list(flags.organisation);
      if (rows.length === 0) return context.out('No users.');
      const names = new Map((await organisations.list()).map((row) => [row.id, row.name]));
      const lines = table(
        ['ID', 'EMAIL', 'NAME', 'ORGANISATION', 'STATUS', 'PASSWORD'],
        rows.map((row) => [
          String(row.id),
          row.email,
          row.name,
          `${row.organisation_id} ${names.get(row.organisation_id) ?? ''}`.trim(),
          row.status,
          row.password_hash ? 'set' : 'not set',
        ]),
      );
      for (const line of lines) context.out(line);
    },
  },
  {
    name: 'disable-user',
    summary: 'Disable a user: they are signed out everywhere and cannot sign in.',
    usage: '--email <email>',
    flags: ['email'],
    async run(context, flags) {
      const user = await services(context).usersService.setStatus(
        requireFlag(flags, 'email'),
        'disabled',
      );
      context.out(`Disabled user ${user.id} <${user.email}>.`);
    },
  },
  {
    name: 'enable-user',
    summary: 'Enable a disabled user again.',
    usage: '--email <email>',
    flags: ['email'],
    async run(context, flags) {
      const user = await services(context).usersService.setStatus(
        requireFlag(flags, 'email'),
        'active',
      );
      context.out(`Enabled user ${user.id} <${user.email}>.`);
    },
  },
];
