import { queryOptions } from '@tanstack/react-query';
import {
  DATACENTERS_PATH,
  loadFailedMessage,
  datacentersListSchema,
  type Datacenter,
} from '@brezza/contract';
import { devicesKeys, type Request } from './request';

/** SPEC §7: GET /api/datacenters answers { datacenters: [...] }; SPEC §8's message when it fails. */
export async function getDatacenters(request: Request): Promise<Datacenter[]> {
  const body = await request<unknown>(DATACENTERS_PATH, {
    fallbackError: loadFailedMessage('datacenters', '{status}'),
  });
  return datacentersListSchema.parse(body).datacenters;
}

export const datacentersQueryOptions = (request: Request) =>
  queryOptions({ queryKey: devicesKeys.datacenters, queryFn: () => getDatacenters(request) });
