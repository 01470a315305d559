import {
  METRICS_STREAM_PATH,
  metricsStreamSamplesSchema,
  parseSseFrames,
  type StreamSample,
} from '@brezza/contract';

/**
 * Where a stream stands: `connecting` until the server's `ready`, `live` while it flows,
 * `retrying` after it dropped or could not be opened, until `retryAt` (epoch ms).
 */
export type StreamStatus =
  | { state: 'connecting' }
  | { state: 'live' }
  | { state: 'retrying'; retryAt: number; reason: string };

export interface StreamOptions {
  getToken: () => Promise<string | undefined>;
  devices?: readonly number[];
  metrics?: readonly string[];
  onSamples: (samples: StreamSample[]) => void;
  onStatus?: (status: StreamStatus) => void;
  signal: AbortSignal;
}

/** Waits before reconnecting: 1 s, doubling to 30 s, reset once a stream got going. */
export const backoffMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

/**
 * Reads GET /api/metrics/stream with the bearer token (an EventSource cannot send one) until
 * `signal` aborts, reconnecting after a dropped connection with a fresh token.
 */
export async function followMetricsStream(options: StreamOptions): Promise<void> {
  const { signal } = options;
  const report = (status: StreamStatus) => {
    if (!signal.aborted) options.onStatus?.(status);
  };
  const params = new URLSearchParams();
  if (options.devices && options.devices.length > 0)
    params.set('devices', options.devices.join(','));
  if (options.metrics && options.metrics.length > 0)
    params.set('metrics', options.metrics.join(','));
  const url = `${METRICS_STREAM_PATH}${params.size > 0 ? `?${params}` : ''}`;
  let attempt = 0;
  let first = true;
  while (!signal.aborted) {
    let reason = 'the server could not be reached';
    try {
      // Retries stay 'retrying' until the stream flows: the page keeps its fallback meanwhile.
      if (first) report({ state: 'connecting' });
      first = false;
      const token = await options.getToken();
      const response = await fetch(url, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token ?? ''}` },
        signal,
      });
      if (!response.ok || !response.body) {
        reason = `the live connection was refused (${response.status})`;
        throw new Error(reason);
      }
      reason = 'the live connection dropped';
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let rest = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const parsed = parseSseFrames(rest + value);
        rest = parsed.rest;
        for (const frame of parsed.frames) {
          if (frame.event === 'ready') {
            attempt = 0;
            report({ state: 'live' });
          }
          if (frame.event !== 'samples') continue;
          const body = metricsStreamSamplesSchema.safeParse(JSON.parse(frame.data));
          if (body.success) options.onSamples(body.data.samples);
        }
      }
    } catch {
      // A dropped connection or a refused token: wait and try again, unless we were stopped.
    }
    if (signal.aborted) return;
    const wait = backoffMs(attempt);
    report({ state: 'retrying', retryAt: Date.now() + wait, reason });
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
    attempt += 1;
  }
}
