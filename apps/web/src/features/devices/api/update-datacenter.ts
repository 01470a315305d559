import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  datacenterPath,
  updateFailedMessage,
  datacenterSchema,
  type DatacenterBody,
  type Datacenter,
} from '@brezza/contract';
import { useDevicesSession } from '../hooks/devices-session';
import { devicesKeys, type Request } from './request';
import { replaceById, updateList } from './update-list';

/** SPEC §7: PUT /api/datacenters/{id} with the same body as the create. */
export async function updateDatacenter(
  request: Request,
  id: number,
  body: DatacenterBody,
): Promise<Datacenter> {
  const updated = await request<unknown>(datacenterPath(id), {
    method: 'PUT',
    body,
    fallbackError: updateFailedMessage('datacenter', '{status}'),
  });
  return datacenterSchema.parse(updated);
}

/** Replaces the datacenter in the list and schedules the metrics refresh. */
export function useUpdateDatacenter() {
  const { request, changed } = useDevicesSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DatacenterBody }) =>
      updateDatacenter(request, id, body),
    onSuccess: (updated) => {
      updateList<Datacenter>(queryClient, devicesKeys.datacenters, (list) =>
        replaceById(list, updated),
      );
      changed();
    },
  });
}
