import { queryOptions } from '@tanstack/react-query';
import { MONTHLY_REPORTS_PATH, monthlyReportsSchema, type MonthlyReports } from '@brezza/contract';
import type { ApiRequest } from '@/lib/api-client';

export type Request = <T>(path: string, request?: ApiRequest) => Promise<T>;

export async function getMonthlyReports(request: Request): Promise<MonthlyReports> {
  const body = await request<unknown>(MONTHLY_REPORTS_PATH, {
    fallbackError: 'Failed to load the monthly reports: {status}',
  });
  return monthlyReportsSchema.parse(body);
}

export const monthlyReportsQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: ['reports', 'monthly'],
    queryFn: () => getMonthlyReports(request),
    retry: false,
  });
