import { REFRESH_METRICS_PATH } from '@brezza/contract';
import type { Request } from './request';

/** SPEC §7: POST with no body; the answer is only logged. */
export function refreshMetrics(request: Request): Promise<unknown> {
  return request<unknown>(REFRESH_METRICS_PATH, {
    method: 'POST',
    fallbackError: 'Failed to refresh metrics: {status}',
  });
}
