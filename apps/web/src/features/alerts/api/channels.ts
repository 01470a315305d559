import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_CHANNELS_PATH,
  NOTIFICATION_DELIVERIES_PATH,
  createdNotificationChannelSchema,
  notificationChannelPath,
  notificationChannelSchema,
  notificationChannelsListSchema,
  notificationDeliveriesListSchema,
  type NotificationChannelBody,
} from '@brezza/contract';
import { useApiClient } from '@/lib/api-client';
import { alertKeys, type Request } from './request';

export const channelsQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: alertKeys.channels,
    queryFn: async () =>
      notificationChannelsListSchema.parse(
        await request<unknown>(NOTIFICATION_CHANNELS_PATH, {
          fallbackError: 'Failed to load the notification channels: {status}',
        }),
      ).channels,
  });

/** Refreshed every 3 s: a retry's attempt count and status move while one watches. */
export const deliveriesQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: alertKeys.deliveries,
    queryFn: async () =>
      notificationDeliveriesListSchema.parse(
        await request<unknown>(NOTIFICATION_DELIVERIES_PATH, {
          fallbackError: 'Failed to load the deliveries: {status}',
        }),
      ).deliveries,
    refetchInterval: 3_000,
  });

/** POST answers a webhook's secret (once); PUT answers the channel without it. */
export function useSaveChannel() {
  const request = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: NotificationChannelBody }) => {
      const answer = await request<unknown>(
        id === null ? NOTIFICATION_CHANNELS_PATH : notificationChannelPath(id),
        {
          method: id === null ? 'POST' : 'PUT',
          body,
          fallbackError: 'Failed to save the channel: {status}',
        },
      );
      return id === null
        ? createdNotificationChannelSchema.parse(answer)
        : { ...notificationChannelSchema.parse(answer), secret: null };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useDeleteChannel() {
  const request = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<void>(notificationChannelPath(id), {
        method: 'DELETE',
        fallbackError: 'Failed to delete the channel: {status}',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
