import { queryOptions } from '@tanstack/react-query';
import { AUDIT_LOG_PATH, auditLogSchema, type AuditEntry } from '@brezza/contract';
import type { ApiRequest } from '@/lib/api-client';

export type Request = <T>(path: string, request?: ApiRequest) => Promise<T>;

export interface AuditFilters {
  entity: string;
  action: string;
  from: string;
  to: string;
}

/** The query string of the filters that are set (the CSV export uses the same). */
export function auditQuery(filters: AuditFilters, format: 'json' | 'csv' = 'json'): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (!value) continue;
    // The date inputs give local dates: from the day's start to its end.
    if (key === 'from') params.set(key, new Date(`${value}T00:00:00`).toISOString());
    else if (key === 'to') params.set(key, new Date(`${value}T23:59:59.999`).toISOString());
    else params.set(key, value);
  }
  if (format === 'csv') params.set('format', 'csv');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/audit-log with the filters. */
export async function getAuditLog(request: Request, filters: AuditFilters): Promise<AuditEntry[]> {
  const body = await request<unknown>(`${AUDIT_LOG_PATH}${auditQuery(filters)}`, {
    fallbackError: 'Failed to load the audit log: {status}',
  });
  return auditLogSchema.parse(body).entries;
}

export const auditLogQueryOptions = (request: Request, filters: AuditFilters) =>
  queryOptions({
    queryKey: ['audit-log', filters],
    queryFn: () => getAuditLog(request, filters),
    refetchInterval: 5_000,
  });
