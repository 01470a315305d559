import { queryOptions } from '@tanstack/react-query';
import {
  ORGANISATION_PATH,
  organisationSummarySchema,
  type OrganisationSummary,
} from '@brezza/contract';
import type { ApiRequest } from './api-client';

type Request = <T>(path: string, request?: ApiRequest) => Promise<T>;

/** GET /api/organisation: its name, and whether it is the demo one. */
export async function getOrganisation(request: Request): Promise<OrganisationSummary> {
  const body = await request<unknown>(ORGANISATION_PATH, {
    fallbackError: 'Could not load the organisation: {status}',
  });
  return organisationSummarySchema.parse(body);
}

/** One cache entry for every page: the organisation's name and demo flag rarely change. */
export const organisationQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: ['organisation'] as const,
    queryFn: () => getOrganisation(request),
    staleTime: 5 * 60_000,
  });
