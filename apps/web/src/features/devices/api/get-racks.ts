import { queryOptions } from '@tanstack/react-query';
import { RACKS_PATH, loadFailedMessage, racksListSchema, type Rack } from '@brezza/contract';
import { devicesKeys, type Request } from './request';

/** SPEC §7: GET /api/racks answers { racks: [...] }; SPEC §8's message when it fails. */
export async function getRacks(request: Request): Promise<Rack[]> {
  const body = await request<unknown>(RACKS_PATH, {
    fallbackError: loadFailedMessage('racks', '{status}'),
  });
  return racksListSchema.parse(body).racks;
}

export const racksQueryOptions = (request: Request) =>
  queryOptions({ queryKey: devicesKeys.racks, queryFn: () => getRacks(request) });
