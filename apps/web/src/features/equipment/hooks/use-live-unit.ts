import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAccessToken } from '@/lib/auth';
import { followMetricsStream, type StreamStatus } from '@/lib/metrics-stream';
import { equipmentKeys } from '../api/request';

/** A gateway delivers a poll's readings in one push; frames this close together are one read. */
const COALESCE_MS = 150;

/**
 * Follows the live stream of one unit's readings (GET /api/metrics/stream?devices=id): each new
 * reading re-reads the unit's page data, so its values, colours and health are the server's,
 * within the 2 s the docs promise and without polling. Returns where the stream stands.
 */
export function useLiveUnit(id: number, enabled: boolean): StreamStatus {
  const queryClient = useQueryClient();
  const getToken = useAccessToken();
  const [status, setStatus] = useState<StreamStatus>({ state: 'connecting' });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    void followMetricsStream({
      getToken,
      devices: [id],
      signal: controller.signal,
      onStatus: setStatus,
      onSamples: (samples) => {
        if (timer !== undefined || !samples.some((sample) => sample.deviceId === id)) return;
        timer = setTimeout(() => {
          timer = undefined;
          void queryClient.invalidateQueries({ queryKey: equipmentKeys.detail(id) });
        }, COALESCE_MS);
      },
    });
    return () => {
      controller.abort();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [id, enabled, getToken, queryClient]);
  return status;
}
