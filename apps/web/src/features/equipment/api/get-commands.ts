import { queryOptions } from '@tanstack/react-query';
import { commandsListSchema, equipmentCommandsPath, type Command } from '@brezza/contract';
import { equipmentKeys, type Request } from './request';

/** GET /api/equipment/{id}/commands: the unit's recent changes, newest first. */
export async function getCommands(request: Request, id: number): Promise<Command[]> {
  const body = await request<unknown>(equipmentCommandsPath(id), {
    fallbackError: 'Failed to load the changes: {status}',
  });
  return commandsListSchema.parse(body).commands;
}

/** Read every 2 s while one is pending, so that the outcome shows as soon as it is known. */
export const commandsQueryOptions = (request: Request, id: number) =>
  queryOptions({
    queryKey: equipmentKeys.commands(id),
    queryFn: () => getCommands(request, id),
    refetchInterval: (query) =>
      query.state.data?.some((command) => command.status === 'pending') ? 2_000 : false,
  });
