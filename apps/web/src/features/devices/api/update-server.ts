import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  serverPath,
  serverSchema,
  updateFailedMessage,
  type Server,
  type ServerUpdateBody,
} from '@brezza/contract';
import { useDevicesSession } from '../hooks/devices-session';
import { devicesKeys, type Request } from './request';
import { replaceById, updateList } from './update-list';

/**
 * SPEC §7: PUT /api/servers/{id} with `{ rackId }` (a move) or `{ serverName, rackId? }` (the
 * edit dialog); answers the updated server.
 */
export async function updateServer(
  request: Request,
  id: number,
  body: ServerUpdateBody,
): Promise<Server> {
  const updated = await request<unknown>(serverPath(id), {
    method: 'PUT',
    body,
    fallbackError: updateFailedMessage('server', '{status}'),
  });
  return serverSchema.parse(updated);
}

/** The updated server replaces the old one in the list; then the metrics refresh is scheduled. */
export function useUpdateServer() {
  const { request, changed } = useDevicesSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ServerUpdateBody }) =>
      updateServer(request, id, body),
    onSuccess: (updated) => {
      updateList<Server>(queryClient, devicesKeys.servers, (list) => replaceById(list, updated));
      changed();
    },
  });
}
