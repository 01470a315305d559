import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkerAnswer, WorkerAsk } from './fetch-off-main-thread';

/**
 * The page's side of the protocol, against a stand-in for the worker thread (jsdom has none;
 * the browser tests run the real one in Chromium).
 */
class WorkerStandIn {
  static latest: WorkerStandIn | null = null;
  onmessage: ((event: MessageEvent<WorkerAnswer>) => void) | null = null;
  onerror: (() => void) | null = null;
  readonly asked: WorkerAsk[] = [];
  terminated = false;
  constructor() {
    WorkerStandIn.latest = this;
  }
  postMessage(ask: WorkerAsk) {
    this.asked.push(ask);
  }
  answer(answer: WorkerAnswer) {
    this.onmessage?.({ data: answer } as MessageEvent<WorkerAnswer>);
  }
  terminate() {
    this.terminated = true;
  }
}

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
const init = { method: 'GET', headers: { Authorization: 'Bearer t' } };

async function load() {
  vi.resetModules();
  return import('./fetch-off-main-thread');
}

describe('fetchOffMainThread', () => {
  beforeEach(() => {
    WorkerStandIn.latest = null;
    vi.stubGlobal('Worker', WorkerStandIn);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the worker for the absolute URL and decodes the bytes it sends back', async () => {
    const { fetchOffMainThread } = await load();
    const answered = fetchOffMainThread('/api/servers?encoding=columns', init);
    const worker = WorkerStandIn.latest!;
    const [ask] = worker.asked;
    expect(ask).toEqual({
      id: 1,
      kind: 'fetch',
      url: new URL('/api/servers?encoding=columns', window.location.href).href,
      init,
    });
    worker.answer({ id: 1, kind: 'response', status: 200, body: bytes('{"count":0}') });
    const response = await answered;
    expect(response.ok).toBe(true);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ count: 0 });
  });

  it('answers an error status as a response that is not ok, with its body', async () => {
    const { fetchOffMainThread } = await load();
    const answered = fetchOffMainThread('/api/servers', init);
    WorkerStandIn.latest!.answer({
      id: 1,
      kind: 'response',
      status: 401,
      body: bytes('{"error":"Sign in again."}'),
    });
    const response = await answered;
    expect(response.ok).toBe(false);
    expect(await response.text()).toBe('{"error":"Sign in again."}');
  });

  it('rejects as fetch does when the network fails, and passes an abort on', async () => {
    const { fetchOffMainThread } = await load();
    const failed = fetchOffMainThread('/api/servers', init);
    const worker = WorkerStandIn.latest!;
    worker.answer({ id: 1, kind: 'failure', aborted: false, message: 'Failed to fetch' });
    await expect(failed).rejects.toBeInstanceOf(TypeError);

    const controller = new AbortController();
    const aborted = fetchOffMainThread('/api/servers', { ...init, signal: controller.signal });
    controller.abort();
    expect(worker.asked.at(-1)).toEqual({ id: 2, kind: 'abort' });
    worker.answer({ id: 2, kind: 'failure', aborted: true, message: 'aborted' });
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('asks the worker nothing when a signal aborts after the answer', async () => {
    const { fetchOffMainThread } = await load();
    const controller = new AbortController();
    const answered = fetchOffMainThread('/api/servers', { ...init, signal: controller.signal });
    const worker = WorkerStandIn.latest!;
    worker.answer({ id: 1, kind: 'response', status: 200, body: bytes('[]') });
    await answered;
    controller.abort();
    expect(worker.asked.map((ask) => ask.kind)).toEqual(['fetch']);
  });

  it('hands its calls to plain fetch when the worker cannot start', async () => {
    const fetch = vi.fn(async () => new Response('{"servers":[]}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { fetchOffMainThread } = await load();
    const answered = fetchOffMainThread('/api/servers', init);
    WorkerStandIn.latest!.onerror!();
    expect(await (await answered).json()).toEqual({ servers: [] });
    expect(WorkerStandIn.latest!.terminated).toBe(true);
    await fetchOffMainThread('/api/racks', init);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenLastCalledWith('/api/racks', init);
  });

  it('is plain fetch where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    const fetch = vi.fn(async () => new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { fetchOffMainThread } = await load();
    await fetchOffMainThread('/api/servers', init);
    expect(fetch).toHaveBeenCalledWith('/api/servers', init);
  });
});
