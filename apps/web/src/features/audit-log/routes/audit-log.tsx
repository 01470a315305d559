import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_LOG_PATH, type AuditEntry } from '@brezza/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useAccessToken } from '@/lib/auth';
import { useApiClient } from '@/lib/api-client';
import { auditLogQueryOptions, auditQuery, type AuditFilters } from '../api/get-audit-log';

const ENTITY_LABELS: Record<string, string> = {
  datacenter: 'Datacenter',
  room: 'Room',
  rack: 'Rack',
  server: 'Server',
  pcdu: 'pCDU',
  pdu: 'PDU',
  user: 'User',
  organisation: 'Organisation',
};

const values = (record: Record<string, unknown> | null) =>
  record
    ? Object.entries(record)
        .map(([key, value]) => `${key}: ${value === null ? '—' : String(value)}`)
        .join(', ')
    : '';

function ResultBadge({ entry }: { entry: AuditEntry }) {
  const tone =
    entry.result === 'failed'
      ? 'bg-red-50 text-red-700'
      : entry.result === 'pending'
        ? 'bg-brand-50 text-brand-700'
        : 'bg-emerald-50 text-emerald-700';
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}
      title={entry.reason ?? undefined}
    >
      {entry.result}
      {entry.reason ? `: ${entry.reason}` : ''}
    </span>
  );
}

/** /audit-log: who changed what and when, before → after, with the result; CSV export. */
export function AuditLogRoute() {
  const request = useApiClient();
  const getToken = useAccessToken();
  const [filters, setFilters] = useState<AuditFilters>({
    entity: '',
    action: '',
    from: '',
    to: '',
  });
  const [exportError, setExportError] = useState<string | null>(null);
  const log = useQuery(auditLogQueryOptions(request, filters));
  const set = (key: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setFilters({ ...filters, [key]: event.target.value });

  // The export needs the bearer token, so it is fetched and handed to the browser as a file.
  const exportCsv = async () => {
    setExportError(null);
    try {
      const response = await fetch(`${AUDIT_LOG_PATH}${auditQuery(filters, 'csv')}`, {
        headers: { Authorization: `Bearer ${await getToken()}` },
      });
      if (!response.ok) throw new Error(`Export failed: ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (failure) {
      setExportError(failure instanceof Error ? failure.message : 'Export failed.');
    }
  };

  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Audit Log</h1>
      <p className="mt-1 text-sm text-slate-600">
        Every hierarchy change, equipment command and role change: who, when, what, before → after
        and the result.
      </p>
      <Card className="mt-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <SelectField
          label="Object"
          value={filters.entity}
          onChange={set('entity')}
          options={[
            { value: '', label: 'All' },
            ...AUDIT_ENTITIES.map((entity) => ({ value: entity, label: ENTITY_LABELS[entity]! })),
          ]}
        />
        <SelectField
          label="Action"
          value={filters.action}
          onChange={set('action')}
          options={[
            { value: '', label: 'All' },
            ...AUDIT_ACTIONS.map((action) => ({ value: action, label: action })),
          ]}
        />
        <TextField label="From" type="date" value={filters.from} onChange={set('from')} />
        <TextField label="To" type="date" value={filters.to} onChange={set('to')} />
        <Button variant="secondary" onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      </Card>
      {exportError && (
        <Alert tone="error" className="mt-3">
          {exportError}
        </Alert>
      )}
      {log.isPending && <Spinner />}
      {log.isError && (
        <Alert tone="error" className="mt-3">
          {log.error.message}
        </Alert>
      )}
      {log.data && (
        <Card className="mt-4 overflow-x-auto">
          {log.data.length === 0 ? (
            <p className="p-6 text-sm text-slate-600">No changes recorded for these filters.</p>
          ) : (
            <table className="w-full min-w-[52rem] text-sm">
              <thead className="bg-slate-50 text-xs text-slate-600">
                <tr>
                  {['When', 'Who', 'What', 'Before', 'After', 'Result'].map((title) => (
                    <th key={title} scope="col" className="px-3 py-2 text-left font-semibold">
                      {title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 align-top">
                {log.data.map((entry) => (
                  <tr key={entry.id} data-audit-entry={entry.id}>
                    <td className="px-3 py-2 whitespace-nowrap text-slate-500">
                      {new Date(entry.at).toLocaleString()}
                    </td>
                    <td className="px-3 py-2">{entry.userName}</td>
                    <td className="px-3 py-2">
                      <span className="font-medium">{entry.action}</span>{' '}
                      {ENTITY_LABELS[entry.entity]} {entry.entityName}
                    </td>
                    <td className="px-3 py-2 text-slate-600">{values(entry.before)}</td>
                    <td className="px-3 py-2 text-ink">{values(entry.after)}</td>
                    <td className="px-3 py-2">
                      <ResultBadge entry={entry} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
      )}
    </main>
  );
}
