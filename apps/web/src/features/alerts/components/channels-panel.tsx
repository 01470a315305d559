import { useQuery } from '@tanstack/react-query';
import type { NotificationChannel } from '@brezza/contract';
import { useApiClient } from '@/lib/api-client';
import type { Hierarchy } from '../api/get-scopes';
import { channelsQueryOptions, useDeleteChannel } from '../api/channels';
import { AdminActions, AdminList } from './admin-list';
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
      {isAdmin && (
        <AdminActions
          onEdit={onEdit}
          confirmation="Stop sending alerts here?"
          deleteLabel="Delete channel"
          onDelete={() => remove.mutate(channel.id)}
          deleting={remove.isPending}
          error={remove.error}
        />
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
  return (
    <AdminList
      label="Channels"
      intro="Firing and resolved alerts go to every channel whose severity and scope they match."
      readOnlyNote="Only admins change channels."
      newLabel="New channel"
      empty="No channel yet: alerts show here, but nobody is notified."
      isAdmin={isAdmin}
      items={channels}
      renderItem={(channel, onEdit) => (
        <ChannelRow
          key={channel.id}
          channel={channel}
          hierarchy={hierarchy}
          isAdmin={isAdmin}
          onEdit={onEdit}
        />
      )}
      renderEditor={(channel, onClose) => (
        <ChannelEditor channel={channel} hierarchy={hierarchy} onClose={onClose} />
      )}
    />
  );
}
