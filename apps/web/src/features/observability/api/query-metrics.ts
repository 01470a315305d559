import {
  METRICS_QUERY_PATH,
  metricsQueryResponseSchema,
  type MetricsQueryInput,
  type MetricsQueryResponse,
} from '@brezza/contract';
import type { Request } from './request';

/** POST /api/metrics/query: one metric over a scope and window, per step. */
export async function queryMetrics(
  request: Request,
  body: MetricsQueryInput,
  signal?: AbortSignal,
): Promise<MetricsQueryResponse> {
  const answer = await request<unknown>(METRICS_QUERY_PATH, {
    method: 'POST',
    body,
    signal,
    fallbackError: 'Could not load the chart: {status}',
  });
  return metricsQueryResponseSchema.parse(answer);
}
