import { queryOptions } from '@tanstack/react-query';
import {
  EFFICIENCY_PATH,
  EFFICIENCY_RANKING_PATH,
  ENERGY_FLOW_PATH,
  efficiencyRankingSchema,
  efficiencySchema,
  energyFlowSchema,
} from '@brezza/contract';
import { periodRange, type PeriodId } from '../utils/period';
import { efficiencyKeys, type Request } from './request';

const query = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

/** Figures change with each sample, but not so fast that a minute of caching shows. */
const STALE_MS = 60_000;

export const efficiencyQueryOptions = (request: Request, scope: string, period: PeriodId) =>
  queryOptions({
    queryKey: efficiencyKeys.efficiency(scope, period),
    queryFn: async () => {
      const body = await request<unknown>(
        EFFICIENCY_PATH + query({ scope, ...periodRange(period, Date.now()) }),
        { fallbackError: 'Could not load the efficiency figures: {status}' },
      );
      return efficiencySchema.parse(body);
    },
    staleTime: STALE_MS,
    retry: false,
  });

export const energyFlowQueryOptions = (request: Request, scope: string, period: PeriodId) =>
  queryOptions({
    queryKey: efficiencyKeys.energyFlow(scope, period),
    queryFn: async () => {
      const body = await request<unknown>(
        ENERGY_FLOW_PATH + query({ scope, ...periodRange(period, Date.now()) }),
        { fallbackError: 'Could not load the energy flow: {status}' },
      );
      return energyFlowSchema.parse(body);
    },
    staleTime: STALE_MS,
    retry: false,
  });

export const rankingQueryOptions = (request: Request, period: PeriodId) =>
  queryOptions({
    queryKey: efficiencyKeys.ranking(period),
    queryFn: async () => {
      const body = await request<unknown>(
        EFFICIENCY_RANKING_PATH + query(periodRange(period, Date.now())),
        { fallbackError: 'Could not load the ranking: {status}' },
      );
      return efficiencyRankingSchema.parse(body);
    },
    staleTime: STALE_MS,
    retry: false,
  });
