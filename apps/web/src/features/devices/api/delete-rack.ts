import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rackPath, deleteFailedMessage, type Server, type Rack } from '@brezza/contract';
import { useDevicesSession } from '../hooks/devices-session';
import { devicesKeys, type Request } from './request';
import { updateList, withoutId } from './update-list';

/** SPEC §7: DELETE /api/racks/{id}. */
export async function deleteRack(request: Request, id: number): Promise<void> {
  await request<unknown>(rackPath(id), {
    method: 'DELETE',
    fallbackError: deleteFailedMessage('rack', '{status}'),
  });
}

/**
 * Removes the rack from the local list (SPEC §4) and, as the server did, leaves what was in it
 * unassigned; then schedules the metrics refresh.
 */
export function useDeleteRack() {
  const { request, changed } = useDevicesSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteRack(request, id),
    onSuccess: (_nothing, id) => {
      updateList<Rack>(queryClient, devicesKeys.racks, (list) => withoutId(list, id));
      updateList<Server>(queryClient, devicesKeys.servers, (list) =>
        list.map((child) => (child.rackId === id ? { ...child, rackId: null } : child)),
      );
      changed();
    },
  });
}
