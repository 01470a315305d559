import { useMutation, useQueryClient } from '@tanstack/react-query';
import { datacenterPath, deleteFailedMessage, type Room, type Datacenter } from '@brezza/contract';
import { useDevicesSession } from '../hooks/devices-session';
import { devicesKeys, type Request } from './request';
import { updateList, withoutId } from './update-list';

/** SPEC §7: DELETE /api/datacenters/{id}. */
export async function deleteDatacenter(request: Request, id: number): Promise<void> {
  await request<unknown>(datacenterPath(id), {
    method: 'DELETE',
    fallbackError: deleteFailedMessage('datacenter', '{status}'),
  });
}

/**
 * Removes the datacenter from the local list (SPEC §4) and, as the server did, leaves what was in it
 * unassigned; then schedules the metrics refresh.
 */
export function useDeleteDatacenter() {
  const { request, changed } = useDevicesSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteDatacenter(request, id),
    onSuccess: (_nothing, id) => {
      updateList<Datacenter>(queryClient, devicesKeys.datacenters, (list) => withoutId(list, id));
      updateList<Room>(queryClient, devicesKeys.rooms, (list) =>
        list.map((child) => (child.datacenterId === id ? { ...child, datacenterId: null } : child)),
      );
      changed();
    },
  });
}
