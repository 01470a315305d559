import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  commandSchema,
  equipmentCommandsPath,
  type Command,
  type CommandBody,
} from '@brezza/contract';
import { useApiClient } from '@/lib/api-client';
import { equipmentKeys, type Request } from './request';

/** POST /api/equipment/{id}/commands: answers the command, pending. */
export async function sendCommand(
  request: Request,
  id: number,
  body: CommandBody,
): Promise<Command> {
  const answer = await request<unknown>(equipmentCommandsPath(id), {
    method: 'POST',
    body,
    fallbackError: 'Failed to send the change: {status}',
  });
  return commandSchema.parse(answer);
}

export function useSendCommand(id: number) {
  const request = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommandBody) => sendCommand(request, id, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: equipmentKeys.commands(id) }),
        queryClient.invalidateQueries({ queryKey: equipmentKeys.detail(id) }),
      ]);
    },
  });
}
