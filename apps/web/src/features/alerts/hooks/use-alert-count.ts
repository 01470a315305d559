import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/lib/api-client';
import { alertsQueryOptions } from '../api/get-alerts';

/** Firing alerts nobody silenced: the number on the sub-navigation's Alerts link. */
export function useAlertCount(): number {
  const request = useApiClient();
  const query = useQuery(alertsQueryOptions(request, { severity: '', scope: '' }));
  return query.data?.alerts.filter((a) => a.state === 'firing' && !a.silenced).length ?? 0;
}
