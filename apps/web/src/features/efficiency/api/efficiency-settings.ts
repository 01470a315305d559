import { queryOptions } from '@tanstack/react-query';
import {
  EFFICIENCY_SETTINGS_PATH,
  efficiencySettingsPath,
  efficiencySettingsSchema,
  type EfficiencySettings,
  type FacilityMeterBody,
} from '@brezza/contract';
import { efficiencyKeys, type Request } from './request';

export const efficiencySettingsQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: efficiencyKeys.settings,
    queryFn: async () =>
      efficiencySettingsSchema.parse(
        await request<unknown>(EFFICIENCY_SETTINGS_PATH, {
          fallbackError: 'Could not load the PUE settings: {status}',
        }),
      ),
    retry: false,
  });

/** PUT /api/efficiency/settings/{datacenterId}: a declared PUE, a facility meter, or neither. */
export async function saveFacilityMeter(
  request: Request,
  datacenterId: number,
  body: FacilityMeterBody,
): Promise<EfficiencySettings> {
  return efficiencySettingsSchema.parse(
    await request<unknown>(efficiencySettingsPath(datacenterId), {
      method: 'PUT',
      body,
      fallbackError: 'Could not save the PUE setting: {status}',
    }),
  );
}
