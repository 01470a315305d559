import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  notificationDeliveryRetryPath,
  notificationDeliverySchema,
  type NotificationDelivery,
} from '@brezza/contract';
import { useApiClient } from '@/lib/api-client';
import { alertKeys, type Request } from './request';

/** POST …/deliveries/{id}/retry: a failed or waiting notification sent again now (operators). */
export async function retryDelivery(request: Request, id: number): Promise<NotificationDelivery> {
  const answer = await request<unknown>(notificationDeliveryRetryPath(id), {
    method: 'POST',
    fallbackError: 'Failed to retry the notification: {status}',
  });
  return notificationDeliverySchema.parse(answer);
}

export function useRetryDelivery() {
  const request = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => retryDelivery(request, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.deliveries }),
  });
}
