import { queryOptions } from '@tanstack/react-query';
import { EQUIPMENT_PATH, equipmentListSchema, type EquipmentSummary } from '@brezza/contract';
import { equipmentKeys, type Request } from './request';

/** GET /api/equipment: the organisation's pCDUs and PDUs. */
export async function getEquipmentList(request: Request): Promise<EquipmentSummary[]> {
  const body = await request<unknown>(EQUIPMENT_PATH, {
    fallbackError: 'Failed to load the equipment: {status}',
  });
  return equipmentListSchema.parse(body).equipment;
}

export const equipmentListQueryOptions = (request: Request) =>
  queryOptions({ queryKey: equipmentKeys.list, queryFn: () => getEquipmentList(request) });
