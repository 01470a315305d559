import { useQuery } from '@tanstack/react-query';
import { ALERTS_PATH, alertsListSchema, type Alert } from '@brezza/contract';
import { useApiClient } from '@/lib/api-client';
import { usePlan } from '@/lib/plan';

/**
 * The unit's alerts not normal (GET /api/alerts?scope=device:{id}), refreshed every 3 s; never
 * asked without a plan that has alerts (the server would refuse the call).
 */
export function useUnitAlerts(id: number): Alert[] | undefined {
  const request = useApiClient();
  const { allows } = usePlan();
  return useQuery({
    queryKey: ['equipment', id, 'alerts'],
    queryFn: async () =>
      alertsListSchema.parse(
        await request<unknown>(`${ALERTS_PATH}?scope=device:${id}`, {
          fallbackError: 'Failed to load the alerts: {status}',
        }),
      ).alerts,
    refetchInterval: 3_000,
    enabled: allows('alerts') === true,
  }).data;
}
