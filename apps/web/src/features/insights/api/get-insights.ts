import { queryOptions } from '@tanstack/react-query';
import {
  ANOMALIES_PATH,
  FORECASTS_PATH,
  anomaliesResponseSchema,
  forecastsResponseSchema,
} from '@brezza/contract';
import { insightKeys, type Request } from './request';

const withScope = (path: string, scope: string) => `${path}?scope=${encodeURIComponent(scope)}`;

/** GET /api/anomalies: what is unusual now. Judged each minute on the server, read as often. */
export const anomaliesQueryOptions = (request: Request, scope: string) =>
  queryOptions({
    queryKey: insightKeys.anomalies(scope),
    queryFn: async () =>
      anomaliesResponseSchema.parse(
        await request<unknown>(withScope(ANOMALIES_PATH, scope), {
          fallbackError: 'Could not load what is unusual now: {status}',
        }),
      ),
    refetchInterval: 60_000,
    retry: false,
  });

/** GET /api/forecasts: time to threshold from a week's trend; it moves slowly. */
export const forecastsQueryOptions = (request: Request, scope: string) =>
  queryOptions({
    queryKey: insightKeys.forecasts(scope),
    queryFn: async () =>
      forecastsResponseSchema.parse(
        await request<unknown>(withScope(FORECASTS_PATH, scope), {
          fallbackError: 'Could not load the forecasts: {status}',
        }),
      ),
    staleTime: 10 * 60_000,
    retry: false,
  });
