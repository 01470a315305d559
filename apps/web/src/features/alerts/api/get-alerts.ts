import { queryOptions } from '@tanstack/react-query';
import { ALERTS_PATH, alertsListSchema, type AlertsList } from '@brezza/contract';
import { alertKeys, type Request } from './request';

export interface AlertFilters {
  severity: string;
  scope: string;
}

/** GET /api/alerts with the filters that are set. */
export async function getAlerts(request: Request, filters: AlertFilters): Promise<AlertsList> {
  const params = new URLSearchParams();
  if (filters.severity) params.set('severity', filters.severity);
  if (filters.scope) params.set('scope', filters.scope);
  const query = params.toString();
  const body = await request<unknown>(`${ALERTS_PATH}${query ? `?${query}` : ''}`, {
    fallbackError: 'Failed to load the alerts: {status}',
  });
  return alertsListSchema.parse(body);
}

/** Refreshed every 3 s: an alert shows within the 10 s an operator expects. */
export const alertsQueryOptions = (request: Request, filters: AlertFilters) =>
  queryOptions({
    queryKey: alertKeys.list(filters),
    queryFn: () => getAlerts(request, filters),
    refetchInterval: 3_000,
  });
