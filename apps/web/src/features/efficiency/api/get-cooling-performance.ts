import { queryOptions } from '@tanstack/react-query';
import { coolingPerformancePath, coolingPerformanceSchema } from '@brezza/contract';
import { periodRange, type PeriodId } from '../utils/period';
import { efficiencyKeys, type Request } from './request';

/** GET /api/equipment/{id}/cooling-performance over a period ending now. */
export const coolingPerformanceQueryOptions = (request: Request, id: number, period: PeriodId) =>
  queryOptions({
    queryKey: efficiencyKeys.coolingPerformance(id, period),
    queryFn: async () => {
      const params = new URLSearchParams(periodRange(period, Date.now()));
      const body = await request<unknown>(`${coolingPerformancePath(id)}?${params.toString()}`, {
        fallbackError: 'Could not load the cooling performance: {status}',
      });
      return coolingPerformanceSchema.parse(body);
    },
    // A drifting sensor is flagged within minutes: the short periods follow it.
    refetchInterval: period === '1h' ? 30_000 : false,
    staleTime: 20_000,
    retry: false,
  });
