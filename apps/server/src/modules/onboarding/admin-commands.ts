import {
  CommandError,
  UsageError,
  positiveId,
  optionalPositiveId,
  requireFlag,
  table,
  type AdminCommand,
} from '../../admin-command.js';
import { createUsersRepository } from '../users/repository.js';
import { createOnboardingService } from './service.js';
import type { AppTokenListing } from './repository.js';

function tokenState(token: AppTokenListing, now: string): string {
  if (token.revokedAt) return 'revoked';
  if (token.boundMachineId) return 'bound';
  return token.expiresAt <= now ? 'expired' : 'unused';
}

export const onboardingCommands: AdminCommand[] = [
  {
    name: 'list-tokens',
    summary:
      'List app (installer) tokens, never the tokens themselves: state, creator, machine, server.',
    usage: '[--organisation <id>]',
    flags: ['organisation'],
    async run({ database, out }, flags) {
      const organisationId = optionalPositiveId(flags.organisation, 'organisation');
      const tokens = await createOnboardingService({ db: database.db }).list({ organisationId });
      if (tokens.length === 0) return out('No app tokens.');
      const now = new Date().toISOString();
      const lines = table(
        ['ID', 'ORG', 'STATE', 'CREATED_BY', 'CREATED', 'MACHINE_ID', 'SERVER'],
        tokens.map((token) => [
          String(token.id),
          String(token.organisationId),
          tokenState(token, now),
          token.createdBy ?? '-',
          token.createdAt,
          token.boundMachineId ?? '-',
          token.serverId === null ? '-' : `${token.serverId} ${token.serverName ?? ''}`.trim(),
        ]),
      );
      for (const line of lines) out(line);
    },
  },
  {
    name: 'revoke-token',
    summary: "Revoke an app token: its agent's next push is refused (401) and the agent stops.",
    usage: '(--id <id> | --token <token>)',
    flags: ['id', 'token'],
    async run({ database, out }, flags) {
      if ((flags.id === undefined) === (flags.token === undefined)) {
        throw new UsageError('Give either --id (see list-tokens) or --token.');
      }
      const service = createOnboardingService({ db: database.db });
      const result = await service.revoke(
        flags.id !== undefined
          ? { id: positiveId(flags.id, 'id') }
          : { token: requireFlag(flags, 'token') },
      );
      if (!result.found) throw new CommandError('No such app token.');
      out(
        result.alreadyRevoked
          ? `App token ${result.id} was already revoked.`
          : `Revoked app token ${result.id}.`,
      );
    },
  },
  {
    name: 'create-app-token',
    summary:
      "Make an installer token on a user's behalf (for scripted roll-outs); prints it once, with the installer command.",
    usage: '--email <user e-mail>',
    flags: ['email'],
    async run({ database, config, out }, flags) {
      const email = requireFlag(flags, 'email');
      const user = await createUsersRepository(database.db).findByEmail(email);
      if (!user) throw new CommandError(`No user with the e-mail ${email}.`);
      if (user.status !== 'active') throw new CommandError(`The user ${email} is disabled.`);
      const created = await createOnboardingService({ db: database.db }).createToken({
        id: user.id,
        organisationId: user.organisation_id,
      });
      out(
        `App token for organisation ${user.organisation_id} (valid until ${created.expiresAt} unless used):`,
      );
      out(created.token);
      out('');
      out('Installer command (run on the Linux server):');
      out(
        `curl -fsSL ${config.publicUrl}/static/brezza-agent -o brezza-agent && chmod +x brezza-agent && ` +
          `sudo ./brezza-agent --create-with-app-token ${created.token} --create-with-server-name <name>`,
      );
    },
  },
];
