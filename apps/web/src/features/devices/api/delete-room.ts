import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomPath, deleteFailedMessage, type Rack, type Room } from '@brezza/contract';
import { useDevicesSession } from '../hooks/devices-session';
import { devicesKeys, type Request } from './request';
import { updateList, withoutId } from './update-list';

/** SPEC §7: DELETE /api/rooms/{id}. */
export async function deleteRoom(request: Request, id: number): Promise<void> {
  await request<unknown>(roomPath(id), {
    method: 'DELETE',
    fallbackError: deleteFailedMessage('room', '{status}'),
  });
}

/**
 * Removes the room from the local list (SPEC §4) and, as the server did, leaves what was in it
 * unassigned; then schedules the metrics refresh.
 */
export function useDeleteRoom() {
  const { request, changed } = useDevicesSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteRoom(request, id),
    onSuccess: (_nothing, id) => {
      updateList<Room>(queryClient, devicesKeys.rooms, (list) => withoutId(list, id));
      updateList<Rack>(queryClient, devicesKeys.racks, (list) =>
        list.map((child) => (child.roomId === id ? { ...child, roomId: null } : child)),
      );
      changed();
    },
  });
}
