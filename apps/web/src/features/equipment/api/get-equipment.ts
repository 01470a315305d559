import { queryOptions } from '@tanstack/react-query';
import { equipmentDetailSchema, equipmentPath, type EquipmentDetail } from '@brezza/contract';
import { equipmentKeys, type Request } from './request';

/** GET /api/equipment/{id}: the unit with the latest value of every sensor. */
export async function getEquipment(request: Request, id: number): Promise<EquipmentDetail> {
  const body = await request<unknown>(equipmentPath(id), {
    fallbackError: 'Failed to load the equipment: {status}',
  });
  return equipmentDetailSchema.parse(body);
}

/**
 * The unit's page data. It is read again when the live stream brings a new reading of the unit
 * (see useLiveUnit); with `poll` it is read at the unit's poll interval (2 s for a pCDU) instead,
 * only while the stream is down.
 */
export const equipmentQueryOptions = (request: Request, id: number, poll: boolean) =>
  queryOptions({
    queryKey: equipmentKeys.detail(id),
    queryFn: () => getEquipment(request, id),
    refetchInterval: (query) => (poll ? (query.state.data?.pollIntervalMs ?? 2_000) : false),
    refetchIntervalInBackground: false,
  });
