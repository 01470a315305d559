import { roleSchema } from '@brezza/contract';
import { CommandError, UsageError, requireFlag, type AdminCommand } from '../../admin-command.js';
import { HttpError } from '../../errors.js';
import { createUsersRepository } from '../users/repository.js';
import { createAccessService } from './service.js';

export const accessCommands: AdminCommand[] = [
  {
    name: 'set-role',
    summary: "Set a user's role: viewer (reads), operator (changes), admin (tokens, plan, roles).",
    usage: '--email <email> --role viewer|operator|admin',
    flags: ['email', 'role'],
    async run(context, flags) {
      const role = roleSchema.safeParse(requireFlag(flags, 'role'));
      if (!role.success) throw new UsageError('--role must be viewer, operator or admin.');
      const { db } = context.database;
      const user = await createUsersRepository(db).findByEmail(requireFlag(flags, 'email'));
      if (!user) throw new CommandError(`No user with the e-mail ${flags.email}.`);
      try {
        await createAccessService(db).setRole(
          { organisationId: user.organisation_id, id: null, name: 'Brezza staff' },
          user.id,
          role.data,
        );
      } catch (error) {
        if (error instanceof HttpError) throw new CommandError(error.message);
        throw error;
      }
      context.out(`${user.name} <${user.email}> is now ${role.data}.`);
    },
  },
];
