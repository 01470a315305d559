import { useQuery } from '@tanstack/react-query';
import type { NotificationDelivery } from '@brezza/contract';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client';
import { deliveriesQueryOptions } from '../api/channels';

const when = (iso: string) => new Date(iso).toLocaleString();

const STATUS_TONES: Record<NotificationDelivery['status'], string> = {
  sent: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  failed: 'bg-red-50 text-red-700 ring-red-200',
};
const STATUS_LABELS: Record<NotificationDelivery['status'], string> = {
  sent: 'Sent',
  pending: 'Retrying',
  failed: 'Failed',
};

function status(delivery: NotificationDelivery): string {
  if (delivery.status === 'pending' && delivery.attempts === 0) return 'Sending';
  return STATUS_LABELS[delivery.status];
}

function detail(delivery: NotificationDelivery): string {
  if (delivery.status === 'sent' && delivery.deliveredAt) return when(delivery.deliveredAt);
  if (delivery.status === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0)
    return [delivery.lastError, `Next try ${when(delivery.nextAttemptAt)}.`]
      .filter(Boolean)
      .join(' ');
  return delivery.lastError ?? '';
}

/** Every notification sent or being retried: status, attempts and the last error. */
export function DeliveriesPanel() {
  const request = useApiClient();
  const deliveries = useQuery(deliveriesQueryOptions(request));
  if (deliveries.isPending) return <Spinner />;
  if (deliveries.isError)
    return (
      <Alert tone="error" className="m-4">
        {deliveries.error.message}
      </Alert>
    );
  if (deliveries.data.length === 0)
    return <p className="p-6 text-sm text-slate-600">No notification has been sent yet.</p>;
  return (
    <table className="w-full min-w-[44rem] text-sm">
      <thead className="bg-slate-50 text-xs text-slate-600">
        <tr>
          {['Queued', 'Channel', 'Alert', 'Status', 'Attempts', 'Details'].map((title) => (
            <th key={title} scope="col" className="px-3 py-2 text-left font-semibold">
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {deliveries.data.map((d) => (
          <tr key={d.id} data-delivery={d.id}>
            <td className="px-3 py-2 whitespace-nowrap text-slate-500">{when(d.createdAt)}</td>
            <td className="px-3 py-2">{d.channelName}</td>
            <td className="px-3 py-2">
              {d.ruleName} <span className="text-slate-500">({d.transition})</span>
            </td>
            <td className="px-3 py-2">
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATUS_TONES[d.status]}`}
              >
                {status(d)}
              </span>
            </td>
            <td className="px-3 py-2 text-slate-600">{d.attempts}</td>
            <td className="px-3 py-2 text-slate-600">{detail(d)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
