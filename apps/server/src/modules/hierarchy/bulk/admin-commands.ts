import fs from 'node:fs';
import {
  HIERARCHY_FORMATS,
  fillRow,
  hierarchyDocumentSchema,
  importRefusedMessage,
  type HierarchyFormat,
} from '@brezza/contract';
import {
  CommandError,
  UsageError,
  requireFlag,
  type AdminCommand,
} from '../../../admin-command.js';
import { resolveOrganisation } from '../admin-commands.js';
import { createBulkService } from './service.js';

/** Rows listed by an import; the rest are counted. */
const LISTED_ROWS = 50;

// The admin command runs beside the server: the stamp it writes tells every instance.
const service = (database: Parameters<AdminCommand['run']>[0]['database']) =>
  createBulkService({ db: database.db, onChange: () => {} });

export const hierarchyBulkCommands: AdminCommand[] = [
  {
    name: 'export-hierarchy',
    summary:
      "Write an organisation's datacenters, rooms, racks and server placement as CSV or JSON.",
    usage: '--organisation <id or name> [--format csv|json] [--out <file>, default the screen]',
    flags: ['organisation', 'format', 'out'],
    async run({ database, out }, flags) {
      const format = (flags.format ?? 'csv') as HierarchyFormat;
      if (!HIERARCHY_FORMATS.includes(format))
        throw new UsageError('--format must be csv or json.');
      const org = await resolveOrganisation(database, requireFlag(flags, 'organisation'));
      const body = await service(database).export(org.id, format);
      if (flags.out === undefined) {
        process.stdout.write(body);
        return;
      }
      fs.writeFileSync(flags.out, body);
      out(`Wrote the hierarchy of ${org.name} to ${flags.out}.`);
    },
  },
  {
    name: 'import-hierarchy',
    summary:
      'Import a CSV or JSON hierarchy file into an organisation: a dry run unless --dry-run false.',
    usage: '--organisation <id or name> --file <path, .csv or .json> [--dry-run true|false]',
    flags: ['organisation', 'file', 'dry-run'],
    async run({ database, out }, flags) {
      const dryRunFlag = flags['dry-run'] ?? 'true';
      if (dryRunFlag !== 'true' && dryRunFlag !== 'false') {
        throw new UsageError('--dry-run must be true or false.');
      }
      const dryRun = dryRunFlag === 'true';
      const file = requireFlag(flags, 'file');
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (error) {
        throw new CommandError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code}.`);
      }
      const org = await resolveOrganisation(database, requireFlag(flags, 'organisation'));
      const bulk = service(database);
      let rows;
      if (file.toLowerCase().endsWith('.json')) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          throw new CommandError(`${file} is not valid JSON.`);
        }
        const document = hierarchyDocumentSchema.safeParse(parsed);
        if (!document.success) {
          const issue = document.error.issues[0];
          throw new CommandError(`${file}: ${issue?.path.join('.')}: ${issue?.message}`);
        }
        rows = document.data.rows.map(fillRow);
      } else {
        rows = bulk.rowsFromCsv(text);
      }
      const started = Date.now();
      const result = await bulk.import(org.id, rows, dryRun);
      const listed = result.rows.filter((row) => row.outcome !== 'unchanged');
      for (const row of listed.slice(0, LISTED_ROWS)) {
        out(
          `row ${row.row}: ${row.outcome} ${row.type} ${row.name}${row.detail ? ` (${row.detail})` : ''}`,
        );
      }
      if (listed.length > LISTED_ROWS) out(`... and ${listed.length - LISTED_ROWS} more.`);
      const { created, changed, unchanged, refused } = result.counts;
      out(
        `${rows.length} rows: ${created} created, ${changed} changed, ${unchanged} unchanged, ${refused} refused ` +
          `(${((Date.now() - started) / 1000).toFixed(1)} s).`,
      );
      if (refused > 0 && !dryRun) throw new CommandError(importRefusedMessage(refused));
      out(
        dryRun
          ? 'Dry run: nothing was written. Run again with --dry-run false to apply.'
          : `Applied to ${org.name}.`,
      );
    },
  },
];
