import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { NotificationChannel } from '@brezza/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client';
import type { Hierarchy } from '../api/get-scopes';
import { channelsQueryOptions, useDeleteChannel } from '../api/channels';
import { ChannelEditor, severityRouting } from './channel-editor';
import { scopeText } from './scope-picker';

function ChannelRow({
  channel,
  hierarchy,
  isAdmin,
  onEdit,
}: {
  channel: NotificationChannel;
  hierarchy: Hierarchy | undefined;
  isAdmin: boolean;
  onEdit(): void;
}) {
  const remove = useDeleteChannel();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="p-4" data-channel={channel.id}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold text-ink">{channel.name}</span>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
          {channel.kind === 'email' ? 'E-mail' : 'Webhook'}
        </span>
      </div>
      <p className="mt-1 text-sm break-all text-slate-700">{channel.target}</p>
      <p className="mt-1 text-sm text-slate-600">
        {severityRouting(channel)} · {scopeText(channel.scope, hierarchy)}
      </p>
      {isAdmin && !confirming && (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={onEdit}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </div>
      )}
      {confirming && (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <span>Stop sending alerts here?</span>
          <Button
            size="sm"
            variant="danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate(channel.id)}
          >
            Delete channel
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </div>
      )}
      {remove.isError && (
        <Alert tone="error" className="mt-2">
          {remove.error.message}
        </Alert>
      )}
    </li>
  );
}

/** Where notifications go; admins add, edit and delete channels. */
export function ChannelsPanel({
  hierarchy,
  isAdmin,
}: {
  hierarchy: Hierarchy | undefined;
  isAdmin: boolean;
}) {
  const request = useApiClient();
  const channels = useQuery(channelsQueryOptions(request));
  const [editing, setEditing] = useState<NotificationChannel | 'new' | null>(null);
  return (
    <section aria-label="Channels">
      <div className="flex flex-wrap items-center justify-between gap-2 p-4">
        <p className="text-sm text-slate-600">
          Firing and resolved alerts go to every channel whose severity and scope they match.
          {!isAdmin && ' Only admins change channels.'}
        </p>
        {isAdmin && <Button onClick={() => setEditing('new')}>New channel</Button>}
      </div>
      {channels.isPending && <Spinner />}
      {channels.isError && (
        <Alert tone="error" className="m-4">
          {channels.error.message}
        </Alert>
      )}
      {channels.data?.length === 0 && (
        <p className="border-t border-slate-100 p-6 text-sm text-slate-600">
          No channel yet: alerts show here, but nobody is notified.
        </p>
      )}
      {channels.data && channels.data.length > 0 && (
        <ul className="divide-y divide-slate-100 border-t border-slate-100">
          {channels.data.map((channel) => (
            <ChannelRow
              key={channel.id}
              channel={channel}
              hierarchy={hierarchy}
              isAdmin={isAdmin}
              onEdit={() => setEditing(channel)}
            />
          ))}
        </ul>
      )}
      {editing && (
        <ChannelEditor
          channel={editing === 'new' ? null : editing}
          hierarchy={hierarchy}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
