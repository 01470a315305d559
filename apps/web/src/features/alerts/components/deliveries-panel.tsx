import { useQuery } from '@tanstack/react-query';
import type { NotificationDelivery } from '@brezza/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client';
import { deliveriesQueryOptions } from '../api/channels';
import { useRetryDelivery } from '../api/retry-delivery';
import { TableHead } from './table-head';

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

/** Not tried yet: the queue is sending it now. */
const sending = (delivery: NotificationDelivery) =>
  delivery.status === 'pending' && delivery.attempts === 0;

function status(delivery: NotificationDelivery): string {
  return sending(delivery) ? 'Sending' : STATUS_LABELS[delivery.status];
}

function detail(delivery: NotificationDelivery): string {
  if (delivery.status === 'sent' && delivery.deliveredAt) return when(delivery.deliveredAt);
  if (delivery.status === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0)
    return [delivery.lastError, `Next try ${when(delivery.nextAttemptAt)}.`]
      .filter(Boolean)
      .join(' ');
  return delivery.lastError ?? '';
}

function DeliveryRow({
  delivery,
  canRetry,
}: {
  delivery: NotificationDelivery;
  canRetry: boolean;
}) {
  const retry = useRetryDelivery();
  // A failed one, or one waiting out its backoff; one being sent for the first time is not.
  const retryable =
    delivery.status === 'failed' || (delivery.status === 'pending' && !sending(delivery));
  return (
    <tr data-delivery={delivery.id}>
      <td className="px-3 py-2 whitespace-nowrap text-slate-500">{when(delivery.createdAt)}</td>
      <td className="px-3 py-2">{delivery.channelName}</td>
      <td className="px-3 py-2">
        {delivery.ruleName} <span className="text-slate-500">({delivery.transition})</span>
      </td>
      <td className="px-3 py-2">
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATUS_TONES[delivery.status]}`}
        >
          {status(delivery)}
        </span>
      </td>
      <td className="px-3 py-2 text-slate-600">{delivery.attempts}</td>
      <td className="px-3 py-2 text-slate-600">
        {detail(delivery)}
        {canRetry && retryable && (
          <div className="mt-1">
            <Button
              size="sm"
              variant="secondary"
              disabled={retry.isPending}
              onClick={() => retry.mutate(delivery.id)}
            >
              Retry now
            </Button>
          </div>
        )}
        {retry.isError && (
          <Alert tone="error" className="mt-1">
            {retry.error.message}
          </Alert>
        )}
      </td>
    </tr>
  );
}

/**
 * Every notification sent or being retried: status, attempts and the last error; operators send
 * a failed or waiting one again now.
 */
export function DeliveriesPanel({ canRetry }: { canRetry: boolean }) {
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
      <TableHead titles={['Queued', 'Channel', 'Alert', 'Status', 'Attempts', 'Details']} />
      <tbody className="divide-y divide-slate-100">
        {deliveries.data.map((d) => (
          <DeliveryRow key={d.id} delivery={d} canRetry={canRetry} />
        ))}
      </tbody>
    </table>
  );
}
