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
 * Read again at the unit's poll interval (2 s for a pCDU): the page shows what the gateway
 * delivered last, and a pending change's outcome as soon as it is known.
 */
export const equipmentQueryOptions = (request: Request, id: number) =>
  queryOptions({
    queryKey: equipmentKeys.detail(id),
    queryFn: () => getEquipment(request, id),
    refetchInterval: (query) => query.state.data?.pollIntervalMs ?? 2_000,
    refetchIntervalInBackground: false,
  });
