import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/lib/api-client';
import { usePlan } from '@/lib/plan';
import { alertsQueryOptions } from '../api/get-alerts';

/**
 * Firing alerts nobody silenced: the number on the sub-navigation's Alerts link. Never asked of
 * an organisation whose plan has no alerts (the server would refuse it every 3 s).
 */
export function useAlertCount(): number {
  const request = useApiClient();
  const { allows } = usePlan();
  const query = useQuery({
    ...alertsQueryOptions(request, { severity: '', scope: '' }),
    enabled: allows('alerts') === true,
  });
  return query.data?.alerts.filter((a) => a.state === 'firing' && !a.silenced).length ?? 0;
}
