import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { SILENCES_PATH, silencePath, silencesListSchema } from '@brezza/contract';
import { useApiClient } from '@/lib/api-client';
import { alertKeys, type Request } from './request';

export const silencesQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: alertKeys.silences,
    queryFn: async () =>
      silencesListSchema.parse(
        await request<unknown>(SILENCES_PATH, {
          fallbackError: 'Failed to load the silences: {status}',
        }),
      ).silences,
  });

/** Ends a silence now (operators and admins). */
export function useExpireSilence() {
  const request = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<void>(silencePath(id), {
        method: 'DELETE',
        fallbackError: 'Failed to end the silence: {status}',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
