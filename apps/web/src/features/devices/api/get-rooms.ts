import { queryOptions } from '@tanstack/react-query';
import { ROOMS_PATH, loadFailedMessage, roomsListSchema, type Room } from '@brezza/contract';
import { devicesKeys, type Request } from './request';

/** SPEC §7: GET /api/rooms answers { rooms: [...] }; SPEC §8's message when it fails. */
export async function getRooms(request: Request): Promise<Room[]> {
  const body = await request<unknown>(ROOMS_PATH, {
    fallbackError: loadFailedMessage('rooms', '{status}'),
  });
  return roomsListSchema.parse(body).rooms;
}

export const roomsQueryOptions = (request: Request) =>
  queryOptions({ queryKey: devicesKeys.rooms, queryFn: () => getRooms(request) });
