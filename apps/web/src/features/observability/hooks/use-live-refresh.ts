import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAccessToken } from '@/lib/auth';
import { followMetricsStream } from '@/lib/metrics-stream';

/** The stream's filter takes at most this many device ids; a larger scope streams them all. */
const MAX_STREAM_DEVICES = 500;

/**
 * Live charts: while the window reaches the present, each new sample of a metric the page shows
 * re-reads the page's charts, at most once per `throttleMs` (samples of many servers arrive
 * together). Re-reading the store's answer, instead of patching points in the browser, keeps
 * the steps' aggregates exact.
 */
export function useLiveRefresh(options: {
  enabled: boolean;
  devices: readonly number[];
  metrics: readonly string[];
  throttleMs: number;
}) {
  const queryClient = useQueryClient();
  const getToken = useAccessToken();
  const { enabled, throttleMs } = options;
  const devices = options.devices.length <= MAX_STREAM_DEVICES ? options.devices.join(',') : '';
  const metrics = options.metrics.join(',');

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const refresh = () => {
      timer = undefined;
      last = Date.now();
      void queryClient.invalidateQueries({ queryKey: ['observability', 'query'] });
      void queryClient.invalidateQueries({ queryKey: ['observability', 'presence'] });
    };
    void followMetricsStream({
      getToken,
      devices: devices ? devices.split(',').map(Number) : undefined,
      metrics: metrics ? metrics.split(',') : undefined,
      signal: controller.signal,
      onSamples: () => {
        if (timer !== undefined) return;
        timer = setTimeout(refresh, Math.max(0, last + throttleMs - Date.now()));
      },
    });
    return () => {
      controller.abort();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [enabled, devices, metrics, throttleMs, getToken, queryClient]);
}
