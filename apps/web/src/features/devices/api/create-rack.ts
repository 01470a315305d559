import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  RACKS_PATH,
  createFailedMessage,
  rackSchema,
  type RackBody,
  type Rack,
} from '@brezza/contract';
import { useDevicesSession } from '../hooks/devices-session';
import { devicesKeys, type Request } from './request';
import { updateList } from './update-list';

/** SPEC §7: POST /api/racks answers the new rack. */
export async function createRack(request: Request, body: RackBody): Promise<Rack> {
  const created = await request<unknown>(RACKS_PATH, {
    method: 'POST',
    body,
    fallbackError: createFailedMessage('rack', '{status}'),
  });
  return rackSchema.parse(created);
}

/** Adds the new rack to the list and schedules the metrics refresh. */
export function useCreateRack() {
  const { request, changed } = useDevicesSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RackBody) => createRack(request, body),
    onSuccess: (created) => {
      updateList<Rack>(queryClient, devicesKeys.racks, (list) => [...list, created]);
      changed();
    },
  });
}
