import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  rackPath,
  updateFailedMessage,
  rackSchema,
  type RackBody,
  type Rack,
} from '@brezza/contract';
import { useDevicesSession } from '../hooks/devices-session';
import { devicesKeys, type Request } from './request';
import { replaceById, updateList } from './update-list';

/** SPEC §7: PUT /api/racks/{id} with the same body as the create. */
export async function updateRack(request: Request, id: number, body: RackBody): Promise<Rack> {
  const updated = await request<unknown>(rackPath(id), {
    method: 'PUT',
    body,
    fallbackError: updateFailedMessage('rack', '{status}'),
  });
  return rackSchema.parse(updated);
}

/** Replaces the rack in the list and schedules the metrics refresh. */
export function useUpdateRack() {
  const { request, changed } = useDevicesSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RackBody }) => updateRack(request, id, body),
    onSuccess: (updated) => {
      updateList<Rack>(queryClient, devicesKeys.racks, (list) => replaceById(list, updated));
      changed();
    },
  });
}
