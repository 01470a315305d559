import { positiveId, requireFlag, table, type AdminCommand } from '../../admin-command.js';
import { createOrganisationsRepository } from '../organisations/repository.js';
import { createOrganisationsService } from '../organisations/service.js';
import { createAccessRequests } from './access-requests.js';

export const accessRequestCommands: AdminCommand[] = [
  {
    name: 'list-access-requests',
    summary: 'List pending access requests from the sign-up page (--all: decided ones too).',
    usage: '[--all yes]',
    flags: ['all'],
    async run({ database, out }, flags) {
      const rows = await createAccessRequests(database.db).list(flags.all === 'yes');
      if (rows.length === 0) return out('No access requests.');
      const lines = table(
        ['ID', 'RECEIVED', 'NAME', 'EMAIL', 'STATUS'],
        rows.map((row) => [String(row.id), row.created_at, row.name, row.email, row.status]),
      );
      for (const line of lines) out(line);
    },
  },
  {
    name: 'approve-access-request',
    summary: 'Create the requested user, with the password they chose, in an organisation.',
    usage: '--id <id> --organisation <id or name>',
    flags: ['id', 'organisation'],
    async run({ database, out }, flags) {
      const id = positiveId(requireFlag(flags, 'id'), 'id');
      const organisation = await createOrganisationsService(
        createOrganisationsRepository(database.db),
      ).resolve(requireFlag(flags, 'organisation'));
      const user = await createAccessRequests(database.db).approve(id, organisation);
      out(
        `Approved request ${id}: user ${user.id} <${user.email}> in ${organisation.name} can now sign in with the password they chose.`,
      );
    },
  },
  {
    name: 'reject-access-request',
    summary: 'Reject an access request.',
    usage: '--id <id>',
    flags: ['id'],
    async run({ database, out }, flags) {
      const id = positiveId(requireFlag(flags, 'id'), 'id');
      const request = await createAccessRequests(database.db).reject(id);
      out(`Rejected request ${id} from ${request.email}.`);
    },
  },
];
