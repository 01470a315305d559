import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EQUIPMENT_PATH,
  equipmentSummarySchema,
  type CreateEquipmentBody,
  type EquipmentSummary,
} from '@brezza/contract';
import { useApiClient } from '@/lib/api-client';
import { equipmentKeys, type Request } from './request';

/** POST /api/equipment: adds a pCDU or PDU. */
export async function createEquipment(
  request: Request,
  body: CreateEquipmentBody,
): Promise<EquipmentSummary> {
  const answer = await request<unknown>(EQUIPMENT_PATH, {
    method: 'POST',
    body,
    fallbackError: 'Failed to add the equipment: {status}',
  });
  return equipmentSummarySchema.parse(answer);
}

export function useCreateEquipment() {
  const request = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEquipmentBody) => createEquipment(request, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: equipmentKeys.list }),
  });
}
