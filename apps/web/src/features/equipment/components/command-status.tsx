import { useQuery } from '@tanstack/react-query';
import type { Command, CommandKind } from '@brezza/contract';
import { Alert } from '@/components/ui/alert';
import { useApiClient } from '@/lib/api-client';
import { commandsQueryOptions } from '../api/get-commands';

const describe = (command: Command) =>
  Object.entries(command.requested)
    .filter(([, value]) => value !== null)
    .map(([key, value]) => `${key} ${String(value)}`)
    .join(', ');

/** The latest change of this kind: pending, then applied or failed with the reason. */
export function CommandStatus({ equipmentId, kind }: { equipmentId: number; kind: CommandKind }) {
  const request = useApiClient();
  const commands = useQuery(commandsQueryOptions(request, equipmentId));
  const latest = commands.data?.find((command) => command.kind === kind);
  if (!latest) return null;
  const at = new Date(latest.completedAt ?? latest.createdAt).toLocaleTimeString();
  return (
    <div data-testid="command-status" data-status={latest.status} data-command-id={latest.id}>
      {latest.status === 'pending' && (
        <Alert tone="info">
          <strong>Pending:</strong> {describe(latest)} sent by {latest.requestedBy}; waiting for the
          unit to apply it and read it back.
        </Alert>
      )}
      {latest.status === 'applied' && (
        <Alert tone="success">
          <strong>Applied</strong> at {at}: {describe(latest)} (by {latest.requestedBy}).
        </Alert>
      )}
      {latest.status === 'failed' && (
        <Alert tone="error">
          <strong>Failed</strong> at {at}: {latest.reason}
        </Alert>
      )}
    </div>
  );
}

/** The unit's recent changes. */
export function CommandHistory({ equipmentId }: { equipmentId: number }) {
  const request = useApiClient();
  const commands = useQuery(commandsQueryOptions(request, equipmentId));
  if (!commands.data?.length) return null;
  return (
    <div className="mt-6">
      <h3 className="text-sm font-semibold text-slate-700">Recent changes</h3>
      <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
        {commands.data.slice(0, 10).map((command) => (
          <li key={command.id} className="flex flex-wrap gap-x-3 gap-y-1 px-3 py-2">
            <span className="text-slate-500">{new Date(command.createdAt).toLocaleString()}</span>
            <span className="font-medium text-ink">{command.kind}</span>
            <span className="text-slate-700">{describe(command)}</span>
            <span className="text-slate-500">by {command.requestedBy}</span>
            <span
              className={
                command.status === 'applied'
                  ? 'font-semibold text-emerald-700'
                  : command.status === 'failed'
                    ? 'font-semibold text-red-700'
                    : 'font-semibold text-brand-700'
              }
            >
              {command.status}
              {command.reason ? `: ${command.reason}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
