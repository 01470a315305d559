import { useEffect } from 'react';
import { DEVICES_LIST_CALLS } from '@/features/devices/api/list-calls';
import { startEarlyCall } from '@/lib/api-client';
import { useAccessToken } from '@/lib/auth';
import { Spinner } from '@/components/ui/spinner';

/**
 * Shown while the Devices page's modules load on a cold start, once the user is signed in: the
 * page's four lists are asked for now rather than after its code has arrived and run (issue 10).
 */
export function DevicesLoading() {
  const getToken = useAccessToken();
  useEffect(() => {
    for (const { path, offMainThread } of DEVICES_LIST_CALLS) {
      startEarlyCall(getToken, path, { offMainThread });
    }
  }, [getToken]);
  return <Spinner />;
}
