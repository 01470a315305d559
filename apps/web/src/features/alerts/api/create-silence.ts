import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SILENCES_PATH, silenceSchema, type Silence, type SilenceBody } from '@brezza/contract';
import { useApiClient } from '@/lib/api-client';
import { alertKeys, type Request } from './request';

/** POST /api/silences (operators and admins). */
export async function createSilence(request: Request, body: SilenceBody): Promise<Silence> {
  const answer = await request<unknown>(SILENCES_PATH, {
    method: 'POST',
    body,
    fallbackError: 'Failed to silence: {status}',
  });
  return silenceSchema.parse(answer);
}

export function useCreateSilence() {
  const request = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SilenceBody) => createSilence(request, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
