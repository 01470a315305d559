import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  RECOMMENDATIONS_PATH,
  RECOMMENDATION_SETTINGS_PATH,
  applyRecommendationPath,
  equipmentRecommendationsPath,
  equipmentRecommendationsSchema,
  recommendationSchema,
  recommendationSettingsSchema,
  recommendationsFeedSchema,
  revertRecommendationPath,
  type Recommendation,
} from '@brezza/contract';
import { useApiClient, type ApiRequest } from '@/lib/api-client';

type Request = <T>(path: string, request?: ApiRequest) => Promise<T>;

export const recommendationKeys = {
  all: ['recommendations'] as const,
  feed: ['recommendations', 'feed'] as const,
  unit: (id: number) => ['recommendations', 'unit', id] as const,
};

/** Every 3 s while a change is on its way to a unit, else every 30 s (new proposals every 5 min). */
const refetch = (recommendations: readonly Recommendation[] | undefined) =>
  recommendations?.some((r) => r.status === 'pending') ? 3_000 : 30_000;

/** GET /api/equipment/{id}/recommendations. */
export const unitRecommendationsQueryOptions = (request: Request, id: number) =>
  queryOptions({
    queryKey: recommendationKeys.unit(id),
    queryFn: async () =>
      equipmentRecommendationsSchema.parse(
        await request<unknown>(equipmentRecommendationsPath(id), {
          fallbackError: 'Failed to load the recommendations: {status}',
        }),
      ),
    refetchInterval: (query) => refetch(query.state.data?.recommendations),
    retry: false,
  });

/** GET /api/recommendations: every pCDU's newest. */
export const feedQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: recommendationKeys.feed,
    queryFn: async () =>
      recommendationsFeedSchema.parse(
        await request<unknown>(RECOMMENDATIONS_PATH, {
          fallbackError: 'Failed to load the recommendations: {status}',
        }),
      ),
    refetchInterval: (query) => refetch(query.state.data?.recommendations),
    retry: false,
  });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: recommendationKeys.all });
}

export function useApplyRecommendation() {
  const request = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (r: Recommendation) =>
      recommendationSchema.parse(
        await request<unknown>(applyRecommendationPath(r.equipmentId, r.id), {
          method: 'POST',
          fallbackError: 'Failed to apply the recommendation: {status}',
        }),
      ),
    onSettled: invalidate,
  });
}

export function useRevertRecommendation() {
  const request = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (equipmentId: number) =>
      recommendationSchema.parse(
        await request<unknown>(revertRecommendationPath(equipmentId), {
          method: 'POST',
          fallbackError: 'Failed to revert: {status}',
        }),
      ),
    onSettled: invalidate,
  });
}

export function useAutomaticMode() {
  const request = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (automaticMode: boolean) =>
      recommendationSettingsSchema.parse(
        await request<unknown>(RECOMMENDATION_SETTINGS_PATH, {
          method: 'PUT',
          body: { automaticMode },
          fallbackError: 'Failed to change automatic mode: {status}',
        }),
      ),
    onSettled: invalidate,
  });
}
