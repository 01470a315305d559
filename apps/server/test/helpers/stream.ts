import {
  METRICS_STREAM_PATH,
  metricsStreamSamplesSchema,
  parseSseFrames,
  type StreamSample,
} from '@brezza/contract';
import type { Operator } from './auth.js';

/** Reads SSE frames from a fetch() stream, as the web app does. */
export async function openStream(base: string, owner: Operator, search: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}${METRICS_STREAM_PATH}${search}`, {
    headers: owner.headers,
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let rest = '';
  const received: StreamSample[] = [];
  let ready = false;
  const reading = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const parsed = parseSseFrames(rest + value);
        rest = parsed.rest;
        for (const frame of parsed.frames) {
          if (frame.event === 'ready') ready = true;
          if (frame.event === 'samples')
            received.push(...metricsStreamSamplesSchema.parse(JSON.parse(frame.data)).samples);
        }
      }
    } catch {
      // Aborted at the end of the test.
    }
  })();
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return check();
  };
  return {
    response,
    received,
    ready: () => until(() => ready),
    until,
    async close() {
      controller.abort();
      await reading;
    },
  };
}
