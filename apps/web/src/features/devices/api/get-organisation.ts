import { queryOptions } from '@tanstack/react-query';
import {
  ORGANISATION_PATH,
  organisationSummarySchema,
  type OrganisationSummary,
} from '@brezza/contract';
import { devicesKeys, type Request } from './request';

/** GET /api/organisation: its name, and whether it is the demo one. */
export async function getOrganisation(request: Request): Promise<OrganisationSummary> {
  const body = await request<unknown>(ORGANISATION_PATH, {
    fallbackError: 'Could not load the organisation: {status}',
  });
  return organisationSummarySchema.parse(body);
}

export const organisationQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: devicesKeys.organisation,
    queryFn: () => getOrganisation(request),
    staleTime: 5 * 60_000,
  });
