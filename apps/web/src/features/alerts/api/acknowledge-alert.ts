import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertAcknowledgePath, alertSchema, type Alert } from '@brezza/contract';
import { useApiClient } from '@/lib/api-client';
import { alertKeys, type Request } from './request';

/** POST /api/alerts/{id}/acknowledge (operators and admins). */
export async function acknowledgeAlert(request: Request, id: number): Promise<Alert> {
  const answer = await request<unknown>(alertAcknowledgePath(id), {
    method: 'POST',
    body: {},
    fallbackError: 'Failed to acknowledge the alert: {status}',
  });
  return alertSchema.parse(answer);
}

export function useAcknowledgeAlert() {
  const request = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => acknowledgeAlert(request, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
