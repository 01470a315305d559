import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DATACENTERS_PATH,
  createFailedMessage,
  datacenterSchema,
  type DatacenterBody,
  type Datacenter,
} from '@brezza/contract';
import { useDevicesSession } from '../hooks/devices-session';
import { devicesKeys, type Request } from './request';
import { updateList } from './update-list';

/** SPEC §7: POST /api/datacenters answers the new datacenter. */
export async function createDatacenter(
  request: Request,
  body: DatacenterBody,
): Promise<Datacenter> {
  const created = await request<unknown>(DATACENTERS_PATH, {
    method: 'POST',
    body,
    fallbackError: createFailedMessage('datacenter', '{status}'),
  });
  return datacenterSchema.parse(created);
}

/** Adds the new datacenter to the list and schedules the metrics refresh. */
export function useCreateDatacenter() {
  const { request, changed } = useDevicesSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DatacenterBody) => createDatacenter(request, body),
    onSuccess: (created) => {
      updateList<Datacenter>(queryClient, devicesKeys.datacenters, (list) => [...list, created]);
      changed();
    },
  });
}
