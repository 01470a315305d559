import { LINK_GRAFANA_PATH } from '@brezza/contract';
import { ApiError } from '@/lib/api-client';
import type { ApiCall } from './get-org-settings';

/**
 * SPEC §7 and §8: POST with no body; success is 200 or 201, any other status is logged as a
 * failure with that status and has no effect the user sees. Answers whether it succeeded.
 */
export async function linkGrafana(request: ApiCall): Promise<boolean> {
  try {
    await request<unknown>(LINK_GRAFANA_PATH, {
      method: 'POST',
      fallbackError: 'Failed to link Grafana: {status}',
    });
    return true;
  } catch (failure) {
    const status = failure instanceof ApiError ? failure.status : 'no answer';
    console.warn(`Failed to link Grafana: ${status}`, failure);
    return false;
  }
}
