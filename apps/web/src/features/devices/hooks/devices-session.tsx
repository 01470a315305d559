import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useApiClient } from '@/lib/api-client';
import { refreshMetrics } from '../api/refresh-metrics';
import { withCallLog, type Request } from '../api/request';
import { createDebugLog, summariseResult, type DebugLog } from '../utils/debug-log';
import { METRICS_REFRESH_DELAY_MS, createRefreshScheduler } from '../utils/refresh-scheduler';

interface DevicesSession {
  /** The API client, with every call recorded for the debug panel. */
  request: Request;
  debugLog: DebugLog;
  /** Call after every successful create, edit, delete or move: restarts the refresh timer. */
  changed(): void;
}

const DevicesSessionContext = createContext<DevicesSession | null>(null);

/**
 * What the Devices page's parts share: the logged API client, the debug log, and the metrics
 * refresh that fires 5 s after the last change (SPEC §4). A pending refresh still fires if the
 * operator leaves the page, so that the change reaches the metrics labels.
 */
export function DevicesSessionProvider({ children }: { children: ReactNode }) {
  const apiRequest = useApiClient();
  const [debugLog] = useState(() => createDebugLog());
  const request = useMemo(() => withCallLog(apiRequest, debugLog), [apiRequest, debugLog]);
  const latestRequest = useRef(request);
  useEffect(() => {
    latestRequest.current = request;
  }, [request]);

  const [scheduler] = useState(() =>
    createRefreshScheduler(() => {
      debugLog.setRefresh({ state: 'running' });
      refreshMetrics(latestRequest.current).then(
        (result) =>
          debugLog.setRefresh({ state: 'done', at: new Date(), result: summariseResult(result) }),
        (failure: unknown) => {
          // SPEC §8: a failed refresh is only logged, as a warning.
          console.warn('Metrics refresh failed:', failure);
          const message = failure instanceof Error ? failure.message : String(failure);
          debugLog.setRefresh({ state: 'failed', at: new Date(), message });
        },
      );
    }),
  );

  const session = useMemo<DevicesSession>(
    () => ({
      request,
      debugLog,
      changed() {
        scheduler.schedule();
        debugLog.setRefresh({
          state: 'scheduled',
          firesAt: new Date(Date.now() + METRICS_REFRESH_DELAY_MS),
        });
      },
    }),
    [request, debugLog, scheduler],
  );
  return (
    <DevicesSessionContext.Provider value={session}>{children}</DevicesSessionContext.Provider>
  );
}

export function useDevicesSession(): DevicesSession {
  const session = useContext(DevicesSessionContext);
  if (!session) throw new Error('useDevicesSession needs a DevicesSessionProvider');
  return session;
}
