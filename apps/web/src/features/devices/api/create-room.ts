import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ROOMS_PATH,
  createFailedMessage,
  roomSchema,
  type RoomBody,
  type Room,
} from '@brezza/contract';
import { useDevicesSession } from '../hooks/devices-session';
import { devicesKeys, type Request } from './request';
import { updateList } from './update-list';

/** SPEC §7: POST /api/rooms answers the new room. */
export async function createRoom(request: Request, body: RoomBody): Promise<Room> {
  const created = await request<unknown>(ROOMS_PATH, {
    method: 'POST',
    body,
    fallbackError: createFailedMessage('room', '{status}'),
  });
  return roomSchema.parse(created);
}

/** Adds the new room to the list and schedules the metrics refresh. */
export function useCreateRoom() {
  const { request, changed } = useDevicesSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoomBody) => createRoom(request, body),
    onSuccess: (created) => {
      updateList<Room>(queryClient, devicesKeys.rooms, (list) => [...list, created]);
      changed();
    },
  });
}
