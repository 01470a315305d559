import { z } from 'zod';

/**
 * The audit log (issue 12): every hierarchy change and equipment command with who, when, what,
 * the value before and after, and the result. NetBox's change log is the model.
 */
export const AUDIT_LOG_PATH = '/api/audit-log';

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'command'] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const AUDIT_ENTITIES = [
  'datacenter',
  'room',
  'rack',
  'server',
  'pcdu',
  'pdu',
  'user',
  'organisation',
] as const;
export const auditEntitySchema = z.enum(AUDIT_ENTITIES);
export type AuditEntity = z.infer<typeof auditEntitySchema>;

/** What an entry's change ended as: done at once, or a command's pending → applied | failed. */
export const AUDIT_RESULTS = ['ok', 'pending', 'applied', 'failed'] as const;
export const auditResultSchema = z.enum(AUDIT_RESULTS);
export type AuditResult = z.infer<typeof auditResultSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int().positive(),
  at: z.string(),
  /** Null when the change came from staff or the system (a timed-out command keeps its user). */
  userId: z.number().int().positive().nullable(),
  userName: z.string(),
  action: auditActionSchema,
  entity: auditEntitySchema,
  entityId: z.number().int().positive(),
  entityName: z.string(),
  /** The changed fields before and after, as the API names them; null for a create or delete. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  result: auditResultSchema,
  /** Why a command failed. */
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_MAX = 500;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();
const optionalTime = (field: string) =>
  optionalText.refine((value) => value === undefined || !Number.isNaN(Date.parse(value)), {
    message: `${field} must be a date and time (ISO 8601).`,
  });

/** GET /api/audit-log?entity=&action=&userId=&entityId=&from=&to=&limit=&format=csv */
export const auditLogQuerySchema = z.object({
  entity: z
    .union([auditEntitySchema, z.literal('')])
    .optional()
    .transform((value) => value || undefined),
  action: z
    .union([auditActionSchema, z.literal('')])
    .optional()
    .transform((value) => value || undefined),
  entityId: z.coerce
    .number({ error: 'entityId must be a whole number.' })
    .int('entityId must be a whole number.')
    .positive('entityId must be a whole number.')
    .optional(),
  userId: z.coerce
    .number({ error: 'userId must be a whole number.' })
    .int('userId must be a whole number.')
    .positive('userId must be a whole number.')
    .optional(),
  from: optionalTime('from'),
  to: optionalTime('to'),
  limit: z.coerce
    .number()
    .int()
    .min(1, `limit must be from 1 to ${AUDIT_PAGE_MAX}.`)
    .max(AUDIT_PAGE_MAX, `limit must be from 1 to ${AUDIT_PAGE_MAX}.`)
    .default(200),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv.' }).default('json'),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogSchema = z.object({ entries: z.array(auditEntrySchema) });
export type AuditLog = z.infer<typeof auditLogSchema>;

export const AUDIT_CSV_COLUMNS = [
  'time',
  'user',
  'action',
  'entity',
  'entity_id',
  'name',
  'before',
  'after',
  'result',
  'reason',
] as const;

/** One CSV field (RFC 4180), with a leading =, +, - or @ neutralised for spreadsheets. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The entries as CSV text, with a header row; what the CSV export downloads. */
export function auditLogCsv(entries: readonly AuditEntry[]): string {
  const json = (value: unknown) => (value === null ? '' : JSON.stringify(value));
  const rows = entries.map((entry) =>
    [
      entry.at,
      entry.userName,
      entry.action,
      entry.entity,
      String(entry.entityId),
      entry.entityName,
      json(entry.before),
      json(entry.after),
      entry.result,
      entry.reason ?? '',
    ]
      .map(csvField)
      .join(','),
  );
  return [AUDIT_CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}
