import {
  METRICS_STREAM_PATH,
  metricsStreamSamplesSchema,
  parseSseFrames,
  type StreamSample,
} from '@brezza/contract';

export interface StreamOptions {
  getToken: () => Promise<string | undefined>;
  devices?: readonly number[];
  metrics?: readonly string[];
  onSamples: (samples: StreamSample[]) => void;
  signal: AbortSignal;
}

/** Waits before reconnecting: 1 s, doubling to 30 s, reset once a stream got going. */
const backoffMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

/**
 * Reads GET /api/metrics/stream with the bearer token (an EventSource cannot send one) until
 * `signal` aborts, reconnecting after a dropped connection with a fresh token.
 */
export async function followMetricsStream(options: StreamOptions): Promise<void> {
  const { signal } = options;
  const params = new URLSearchParams();
  if (options.devices && options.devices.length > 0)
    params.set('devices', options.devices.join(','));
  if (options.metrics && options.metrics.length > 0)
    params.set('metrics', options.metrics.join(','));
  const url = `${METRICS_STREAM_PATH}${params.size > 0 ? `?${params}` : ''}`;
  let attempt = 0;
  while (!signal.aborted) {
    try {
      const token = await options.getToken();
      const response = await fetch(url, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token ?? ''}` },
        signal,
      });
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let rest = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const parsed = parseSseFrames(rest + value);
        rest = parsed.rest;
        for (const frame of parsed.frames) {
          if (frame.event === 'ready') attempt = 0;
          if (frame.event !== 'samples') continue;
          const body = metricsStreamSamplesSchema.safeParse(JSON.parse(frame.data));
          if (body.success) options.onSamples(body.data.samples);
        }
      }
    } catch {
      // A dropped connection or a refused token: wait and try again, unless we were stopped.
    }
    if (signal.aborted) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, backoffMs(attempt));
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
    attempt += 1;
  }
}
