import { queryOptions } from '@tanstack/react-query';
import {
  RACKS_PATH,
  ROOMS_PATH,
  SERVERS_PATH,
  racksListSchema,
  roomsListSchema,
  serversListSchema,
} from '@brezza/contract';
import { equipmentKeys, type Request } from './request';

/** The lists the 'Add equipment' form chooses from: gateway servers, rooms and racks. */
export const gatewayServersQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: equipmentKeys.servers,
    queryFn: async () =>
      serversListSchema
        .parse(await request<unknown>(SERVERS_PATH))
        .servers.filter((server) => server.deviceType === 'server'),
  });

export const roomsQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: equipmentKeys.rooms,
    queryFn: async () => roomsListSchema.parse(await request<unknown>(ROOMS_PATH)).rooms,
  });

export const racksQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: equipmentKeys.racks,
    queryFn: async () => racksListSchema.parse(await request<unknown>(RACKS_PATH)).racks,
  });
