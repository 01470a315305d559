import { useQuery } from '@tanstack/react-query';
import { ALERTS_PATH, alertsListSchema, deviceHealth, type AlertHealth } from '@brezza/contract';
import { useApiClient } from '@/lib/api-client';
import { usePlan } from '@/lib/plan';

/** No alerts: one map, so that what is derived from it is not recomputed on every render. */
const NO_HEALTH: ReadonlyMap<number, AlertHealth> = new Map();

/**
 * Each device's health colour from GET /api/alerts (refreshed every 5 s); none without a plan
 * that has alerts (the server would refuse the call).
 */
export function useDeviceHealth(): ReadonlyMap<number, AlertHealth> {
  const request = useApiClient();
  const { allows } = usePlan();
  const query = useQuery({
    queryKey: ['devices', 'alert-health'],
    queryFn: async () =>
      alertsListSchema.parse(
        await request<unknown>(ALERTS_PATH, { fallbackError: 'Failed to load alerts: {status}' }),
      ).alerts,
    refetchInterval: 5_000,
    enabled: allows('alerts') === true,
    select: deviceHealth,
  });
  return query.data ?? NO_HEALTH;
}
