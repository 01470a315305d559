import { useQuery } from '@tanstack/react-query';
import { ALERTS_PATH, alertsListSchema, type Alert } from '@brezza/contract';
import { useApiClient } from '@/lib/api-client';

/** The unit's alerts not normal (GET /api/alerts?scope=device:{id}), refreshed every 3 s. */
export function useUnitAlerts(id: number): Alert[] | undefined {
  const request = useApiClient();
  return useQuery({
    queryKey: ['equipment', id, 'alerts'],
    queryFn: async () =>
      alertsListSchema.parse(
        await request<unknown>(`${ALERTS_PATH}?scope=device:${id}`, {
          fallbackError: 'Failed to load the alerts: {status}',
        }),
      ).alerts,
    refetchInterval: 3_000,
  }).data;
}
