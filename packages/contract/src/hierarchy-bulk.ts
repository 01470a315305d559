import { z } from 'zod';
import { NAME_MAX_LENGTH } from './limits.js';
import { SERVERS_ENCODING_COLUMNS } from './hierarchy-paths.js';

/**
 * Managing thousands of servers (issue 16): the compact servers list, bulk import and export of
 * the hierarchy, and the rack path an installer names to place its server.
 */

// ---------------------------------------------------------------------------------------------
// The compact servers list: GET /api/servers?encoding=columns. The default answer stays SPEC
// §7's `{ servers: [...] }`; a client that asks gets one array per field and no path names
// (it has the racks, rooms and datacenters lists), about a third of the bytes and no object per
// server to validate.

export const serversListQuerySchema = z.object({
  encoding: z
    .enum([SERVERS_ENCODING_COLUMNS], { error: 'encoding must be "columns" or left out.' })
    .optional(),
});

/**
 * A column whose values are mostly one value (`usual`): that value once, and the rows that hold
 * another as `[row, value]` pairs. The server sends it when at most a quarter of the rows differ;
 * at 100,000 servers it leaves out 300,000 of the list's 900,000 values (`"server"` and nulls).
 */
const sparseColumn = <Usual extends z.ZodType, Value extends z.ZodType>(
  usual: Usual,
  value: Value,
) => z.object({ usual, except: z.array(z.tuple([z.number().int().nonnegative(), value])) });

/** A column as an array of every row's value, or sparse. */
const column = <Usual extends z.ZodType, Value extends z.ZodType>(usual: Usual, value: Value) =>
  z.union([z.array(value), sparseColumn(usual, value)]);

export interface SparseColumn<Value, Usual extends Value = Value> {
  usual: Usual;
  except: [number, Value][];
}
/** The largest share of rows that may differ from the usual value for a column to go sparse. */
export const SPARSE_COLUMN_MAX_SHARE = 0.25;

const positiveId = z.number().int().positive();
const deviceTypeValue = z.enum(['server', 'pcdu', 'pdu']);

export const serverColumnsSchema = z
  .object({
    count: z.number().int().nonnegative(),
    columns: z.object({
      id: z.array(positiveId),
      serverName: z.array(z.string()),
      publicIpv4: z.array(z.string()),
      machineId: z.array(z.string()),
      rackId: z.array(positiveId.nullable()),
      deviceTypeId: column(z.literal(null), positiveId.nullable()),
      /** 'server', 'pcdu' or 'pdu' (issue 12). */
      deviceType: column(z.literal('server'), deviceTypeValue),
      /** A pCDU's room when it stands in one without a rack; null for everything else. */
      roomId: column(z.literal(null), positiveId.nullable()),
      /** ISO-8601 time of the last registration or push; null when never seen. */
      lastSeenAt: column(z.literal(null), z.string().nullable()),
    }),
  })
  .superRefine(({ count, columns }, context) => {
    for (const [name, values] of Object.entries(columns)) {
      const fits = Array.isArray(values)
        ? values.length === count
        : values.except.every(([row]) => row < count);
      if (!fits) {
        context.addIssue({
          code: 'custom',
          message: `The ${name} column does not hold ${count} rows.`,
          path: ['columns', name],
        });
      }
    }
  });
export type ServerColumns = z.infer<typeof serverColumnsSchema>;

/** A column's values, sparse when at most SPARSE_COLUMN_MAX_SHARE of them differ from `usual`. */
export function encodeColumn<Value, Usual extends Value>(
  values: Value[],
  usual: Usual,
): Value[] | SparseColumn<Value, Usual> {
  const except: [number, Value][] = [];
  const most = values.length * SPARSE_COLUMN_MAX_SHARE;
  for (let row = 0; row < values.length; row += 1) {
    if (values[row] === usual) continue;
    if (except.length + 1 > most) return values;
    except.push([row, values[row]!]);
  }
  return { usual, except };
}

/** Every row's value of a column, whether it came sparse or not. */
export function decodeColumn<Value>(column: Value[] | SparseColumn<Value>, count: number): Value[] {
  if (Array.isArray(column)) return column;
  const values = new Array<Value>(count).fill(column.usual);
  for (const [row, value] of column.except) values[row] = value;
  return values;
}

// ---------------------------------------------------------------------------------------------
// Rack paths: "<datacenter> / <room> / <rack>", with the missing levels left out: a rack in a
// standalone room is "<room> / <rack>", a standalone rack "<rack>". The number of parts says
// which levels are named, since a rack is never directly in a datacenter.

export const RACK_PATH_SEPARATOR = ' / ';

export interface RackPath {
  datacenter: string | null;
  room: string | null;
  rack: string;
}

export function formatRackPath({ datacenter, room, rack }: RackPath): string {
  return [datacenter, room, rack].filter((part) => part !== null).join(RACK_PATH_SEPARATOR);
}

/** The parts of a rack path (spaces around each trimmed), or null when it has none or too many. */
export function parseRackPath(text: string): RackPath | null {
  const parts = text.split('/').map((part) => part.trim());
  if (parts.length > 3 || parts.some((part) => part === '')) return null;
  const rack = parts.pop()!;
  const room = parts.pop() ?? null;
  const datacenter = parts.pop() ?? null;
  return { datacenter, room, rack };
}

/** What the installer's `--rack` names: a rack id (digits) or a rack path. */
export const rackReferenceSchema = z
  .string()
  .trim()
  .min(1, 'rack must name a rack: "<datacenter> / <room> / <rack>" or a rack id.')
  .max(3 * NAME_MAX_LENGTH + 6, 'rack is too long.');

export const rackAmbiguousWarning = (rack: string) =>
  `Several racks are named "${rack}": the server was not placed. Give the rack's id (shown by its edit dialog's address) or rename one.`;
export const rackNotFoundWarning = (rack: string) =>
  `No rack "${rack}" in this organisation: the server was placed in 'Unassigned'. Drag it to its rack on the Devices page.`;

// ---------------------------------------------------------------------------------------------
// Bulk import and export of the hierarchy.

export const HIERARCHY_EXPORT_PATH = '/api/hierarchy/export';
export const HIERARCHY_IMPORT_PATH = '/api/hierarchy/import';

export const HIERARCHY_FORMATS = ['csv', 'json'] as const;
export type HierarchyFormat = (typeof HIERARCHY_FORMATS)[number];

export const hierarchyExportQuerySchema = z.object({
  format: z.enum(HIERARCHY_FORMATS, { error: 'format must be csv or json.' }).default('csv'),
});
export const hierarchyImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false.' })
    .default('true')
    .transform((value) => value === 'true'),
});

/** An import is at most this many rows (a whole large organisation, with room to spare). */
export const IMPORT_MAX_ROWS = 250_000;
/** The largest import body: 250,000 rows of about 120 bytes. */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;

export const HIERARCHY_ROW_TYPES = ['datacenter', 'room', 'rack', 'server'] as const;
export type HierarchyRowType = (typeof HIERARCHY_ROW_TYPES)[number];

/**
 * One row of the file, the same in CSV (these columns, in this order) and JSON. Every field is
 * text and '' where it does not apply:
 * - datacenter: `datacenter` (its name) and `location`;
 * - room: `room` (its name) and `datacenter` ('' for a standalone room);
 * - rack: `rack` (its name), `room` and `datacenter` (its path; '' levels where standalone);
 * - server: `server` (its name), `machineId` (which server), and `datacenter`, `room`, `rack`
 *   (the rack it is placed in; all '' for unassigned).
 */
export const HIERARCHY_COLUMNS = [
  'type',
  'datacenter',
  'location',
  'room',
  'rack',
  'server',
  'machineId',
] as const;
export type HierarchyColumn = (typeof HIERARCHY_COLUMNS)[number];
export type HierarchyRow = Record<HierarchyColumn, string>;

/** A row as JSON may send it: a column left out is empty (see `fillRow`). */
export const hierarchyRowSchema = z.object(
  Object.fromEntries(
    HIERARCHY_COLUMNS.map((column) => [
      column,
      z.string({ error: `${column} must be text.` }).optional(),
    ]),
  ) as Record<HierarchyColumn, z.ZodOptional<z.ZodString>>,
);

export const fillRow = (row: Partial<HierarchyRow>): HierarchyRow =>
  Object.fromEntries(
    HIERARCHY_COLUMNS.map((column) => [column, row[column] ?? '']),
  ) as HierarchyRow;

export const hierarchyDocumentSchema = z.object({
  rows: z
    .array(hierarchyRowSchema)
    .max(IMPORT_MAX_ROWS, `An import holds at most ${IMPORT_MAX_ROWS} rows.`),
});
export type HierarchyDocument = { rows: HierarchyRow[] };

export const IMPORT_OUTCOMES = ['created', 'changed', 'unchanged', 'refused'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export const importRowResultSchema = z.object({
  /** 1 for the first data row (the CSV's second line). */
  row: z.number().int().positive(),
  type: z.string(),
  /** The row's name or path, as an operator reads it. */
  name: z.string(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** Why it was refused, or what changes. */
  detail: z.string().optional(),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

export const importResultSchema = z.object({
  dryRun: z.boolean(),
  /** Whether the rows were written (never when one is refused: all or nothing). */
  applied: z.boolean(),
  counts: z.object({
    created: z.number().int().nonnegative(),
    changed: z.number().int().nonnegative(),
    unchanged: z.number().int().nonnegative(),
    refused: z.number().int().nonnegative(),
  }),
  rows: z.array(importRowResultSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const importRefusedMessage = (refused: number) =>
  `${refused} ${refused === 1 ? 'row was' : 'rows were'} refused, so nothing was imported. Fix ${refused === 1 ? 'it' : 'them'} and import again.`;
export const IMPORT_EMPTY = 'The file holds no rows.';
export const IMPORT_BODY_TYPE =
  'Send the file as text/csv, or as application/json { "rows": [...] }.';
