import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { observabilityServerPath } from '@brezza/contract';
import { useApiClient } from '@/lib/api-client';
import { Icon } from '@/components/ui/icon';
import { cx } from '@/components/ui/cx';
import { serverPresenceQueryOptions } from '@/lib/server-presence';
import { devicesKeys } from '../api/request';

/** "Online/Offline · last sample <time>", the dot's tooltip and accessible name. */
export function statusText(online: boolean, lastSeenAt: string | null): string {
  const state = online ? 'Online' : 'Offline';
  return lastSeenAt
    ? `${state} · last sample ${new Date(lastSeenAt).toLocaleString()}`
    : `${state} · no sample yet`;
}

/**
 * A device row's status: a green or grey dot (online from its last sample, last-seen time as
 * the tooltip) and, for a server, a link to its observability page (a pCDU's or PDU's readings
 * are on its own page, which its name links to).
 */
export function ServerStatus({
  serverId,
  serverName,
  isServer,
}: {
  serverId: number;
  serverName: string;
  isServer: boolean;
}) {
  const request = useApiClient();
  // Only this server's status: a refresh of the list renders again only the rows it changed.
  const { data: status } = useQuery({
    ...serverPresenceQueryOptions(request, devicesKeys.presence),
    select: (presence) => presence.status(serverId) ?? null,
  });
  const text = status ? statusText(status.online, status.lastSeenAt) : 'Status loading';
  return (
    <span className="inline-flex shrink-0 items-center gap-1">
      <span
        role="img"
        aria-label={text}
        title={text}
        data-status={status ? (status.online ? 'online' : 'offline') : 'unknown'}
        className={cx(
          'h-2 w-2 rounded-full',
          status?.online ? 'bg-emerald-500 ring-2 ring-emerald-100' : 'bg-slate-300',
        )}
      />
      {isServer && (
        <Link
          to={observabilityServerPath(serverId)}
          title={`Observability of ${serverName}`}
          aria-label={`Observability of ${serverName}`}
          className="rounded p-0.5 text-slate-400 hover:bg-brand-50 hover:text-brand-700"
          onClick={(event) => event.stopPropagation()}
          draggable={false}
        >
          <Icon name="chart" className="h-3.5 w-3.5" />
        </Link>
      )}
    </span>
  );
}
