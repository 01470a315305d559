import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  roomPath,
  updateFailedMessage,
  roomSchema,
  type RoomBody,
  type Room,
} from '@brezza/contract';
import { useDevicesSession } from '../hooks/devices-session';
import { devicesKeys, type Request } from './request';
import { replaceById, updateList } from './update-list';

/** SPEC §7: PUT /api/rooms/{id} with the same body as the create. */
export async function updateRoom(request: Request, id: number, body: RoomBody): Promise<Room> {
  const updated = await request<unknown>(roomPath(id), {
    method: 'PUT',
    body,
    fallbackError: updateFailedMessage('room', '{status}'),
  });
  return roomSchema.parse(updated);
}

/** Replaces the room in the list and schedules the metrics refresh. */
export function useUpdateRoom() {
  const { request, changed } = useDevicesSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RoomBody }) => updateRoom(request, id, body),
    onSuccess: (updated) => {
      updateList<Room>(queryClient, devicesKeys.rooms, (list) => replaceById(list, updated));
      changed();
    },
  });
}
